import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '../api';

/** The 6-digit code field of every two-step form. */
export function CodeInput({
  value,
  onChange,
  error,
  recovery = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  recovery?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={recovery ? t('totp.codeOrRecovery') : t('totp.code')}
      name="code"
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      withAsterisk
      aria-required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      data-autofocus
      data-testid="totp-code"
    />
  );
}

/**
 * A new authenticator: its QR code and key, then its first code. `failure` is the text of a refused
 * code; `onConfirm` gets the code typed.
 */
export function TotpSetupPanel({
  setup,
  failure,
  pending,
  onConfirm,
  onCancel,
}: {
  setup: TotpSetup;
  failure: string | null;
  pending: boolean;
  onConfirm: (code: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMissing(!code.trim());
    if (code.trim()) onConfirm(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('totp.scan')}</Text>
        <Image src={setup.qrDataUrl} alt={t('totp.qrAlt')} w={200} h={200} data-testid="totp-qr" />
        <Text size="sm">
          {t('totp.secret')}{' '}
          <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
        </Text>
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            data-testid="totp-error"
          >
            {failure}
          </Alert>
        )}
        <CodeInput value={code} onChange={setCode} error={missing ? t('totp.codeRequired') : undefined} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('totp.cancel')}
            </Button>
          )}
          <Button type="submit" loading={pending} data-testid="totp-confirm">
            {t('totp.turnOn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The recovery codes, shown once after set-up. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text fw={600}>{t('totp.recoveryTitle')}</Text>
      <Text size="sm">{t('totp.recoveryIntro')}</Text>
      <List spacing={2} data-testid="totp-recovery-codes" style={{ fontFamily: 'monospace' }}>
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="totp-done" data-autofocus>
          {t('totp.done')}
        </Button>
      </Group>
    </Stack>
  );
}
