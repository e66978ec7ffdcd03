import { Alert, Button, Group, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TotpDisableBody } from '../../../../shared/contract/totp';
import { useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useRefreshTotpStatus, useTotpConfirm, useTotpDisable, useTotpSetup, useTotpStatus } from '../api';
import { CodeInput, RecoveryCodes, TotpSetupPanel } from './TotpSetupPanel';

/** Turns it on: the key and QR code, the first code, then the recovery codes. */
function TurnOn({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  if (confirm.data) {
    const done = () => {
      onClose();
      notifySuccess(t('totp.turnedOn'));
    };
    return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={done} />;
  }
  if (setup.data) {
    return (
      <TotpSetupPanel
        setup={setup.data}
        failure={confirm.error ? errorText(confirm.error) : null}
        pending={confirm.isPending}
        onConfirm={(code) => confirm.mutate(code)}
        onCancel={onClose}
      />
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">{t('totp.statusOff')}</Text>
      {setup.error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {errorText(setup.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('totp.cancel')}
        </Button>
        <Button
          onClick={() => setup.mutate()}
          loading={setup.isPending}
          data-testid="totp-setup"
          data-autofocus
        >
          {t('totp.setUp')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Turns it off: the password and a code (or a recovery code). */
function TurnOff({ required, onClose }: { required: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const disable = useTotpDisable();
  const form = useContractForm({
    schema: TotpDisableBody,
    initialValues: { password: '', code: '' },
    transformValues: (v) => ({ password: v.password, code: v.code.trim() }),
    texts: (key, path) =>
      path === 'password' && key === 'required'
        ? t('totp.passwordRequired')
        : path === 'code' && (key === 'required' || key === 'tooShort')
          ? t('totp.codeRequired')
          : undefined,
    liveAfterSubmit: true,
  });
  const done = () => {
    onClose();
    notifySuccess(t('totp.turnedOff'));
  };
  const submit = form.onSubmit((body) => disable.mutate(body, { onSuccess: done }));
  const code = form.getInputProps('code');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('totp.statusOn')}</Text>
        {required && <Text size="sm">{t('totp.required')}</Text>}
        <Text size="sm">{t('totp.turnOffIntro')}</Text>
        {disable.error && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            data-testid="totp-error"
          >
            {errorText(disable.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('totp.password')}
          name="password"
          autoComplete="current-password"
          withAsterisk
          aria-required
          {...form.getInputProps('password')}
        />
        <CodeInput recovery value={code.value} onChange={code.onChange} error={code.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('totp.cancel')}
          </Button>
          <Button type="submit" color="red" loading={disable.isPending} data-testid="totp-turn-off">
            {t('totp.turnOff')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TwoStepBody({ onClose }: { onClose: () => void }) {
  const status = useTotpStatus();
  if (!status.data) return <Loader size="sm" aria-hidden="true" />;
  return status.data.enabled ? (
    <TurnOff required={status.data.required} onClose={onClose} />
  ) : (
    <TurnOn onClose={onClose} />
  );
}

/** "Two-step sign-in" of the account menu: set up an authenticator, or turn it off. */
export function TwoStepDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshTotpStatus();
  const close = () => {
    onClose();
    refresh();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('totp.title')}
      closeButtonProps={{ 'aria-label': t('totp.cancel') }}
    >
      {opened && <TwoStepBody onClose={close} />}
    </Modal>
  );
}

/** "Two-step sign-in" as a text button (the small-screen menu); opens the dialog. */
export function TwoStepButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" px={0} onClick={open} data-testid="menu-two-step">
        {t('totp.menuItem')}
      </Button>
      <TwoStepDialog opened={opened} onClose={close} />
    </>
  );
}
