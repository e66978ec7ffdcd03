import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { CodeInput, RecoveryCodes, TotpSetupPanel } from '../../totp';
import type { LoginStep } from '../api';
import { useLoginEnrol, useLoginEnrolConfirm, useLoginTotp } from '../second-step-api';

interface StepProps {
  step: LoginStep;
  /** The session is open: go on into the app. */
  onSignedIn: () => void;
  /** Back to the password form (the pending sign-in expired, or the person asks). */
  onRestart: () => void;
}

function Failure({ error, onRestart }: { error: unknown; onRestart: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!error) return null;
  const expired = isApiError(error) && error.message === 'error.totpPendingInvalid';
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert" data-testid="login-error">
      {errorText(error)}{' '}
      {expired && (
        <Anchor component="button" type="button" onClick={onRestart}>
          {t('totp.backToSignIn')}
        </Anchor>
      )}
    </Alert>
  );
}

/** The code step: a 6-digit code of the authenticator app or a recovery code. */
function CodeStep({ step, onSignedIn, onRestart }: StepProps) {
  const { t } = useTranslation();
  const verify = useLoginTotp();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMissing(!code.trim());
    if (!code.trim()) return;
    verify.mutate(
      { pendingToken: step.pendingToken, code: code.trim() },
      { onSuccess: onSignedIn, onError: () => setCode('') },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="totp-title">
      <Stack gap="md">
        <Title order={1} size="h3" id="totp-title">
          {t('totp.loginTitle')}
        </Title>
        <Text size="sm">{t('totp.loginIntro')}</Text>
        <Failure error={verify.error} onRestart={onRestart} />
        <CodeInput
          recovery
          value={code}
          onChange={setCode}
          error={missing ? t('totp.codeRequired') : undefined}
        />
        <Button type="submit" loading={verify.isPending} fullWidth data-testid="totp-verify">
          {t('totp.verify')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('totp.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}

/** The enrolment step (provider staff in production): set up an authenticator, then the session. */
function EnrolStep({ step, onSignedIn, onRestart }: StepProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const enrol = useLoginEnrol();
  const confirm = useLoginEnrolConfirm();
  let body: React.ReactNode;
  if (confirm.data) {
    body = <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onSignedIn} />;
  } else if (enrol.data) {
    body = (
      <TotpSetupPanel
        setup={enrol.data}
        failure={confirm.error ? errorText(confirm.error) : null}
        pending={confirm.isPending}
        onConfirm={(code) => confirm.mutate({ pendingToken: step.pendingToken, code })}
      />
    );
  } else {
    body = (
      <>
        <Text size="sm">{t('totp.enrolIntro')}</Text>
        <Failure error={enrol.error} onRestart={onRestart} />
        <Button
          onClick={() => enrol.mutate(step.pendingToken)}
          loading={enrol.isPending}
          data-testid="totp-setup"
        >
          {t('totp.setUp')}
        </Button>
      </>
    );
  }
  return (
    <Stack gap="md" aria-labelledby="totp-title" component="section">
      <Title order={1} size="h3" id="totp-title">
        {t('totp.loginTitle')}
      </Title>
      {body}
    </Stack>
  );
}

/** The second step of a sign-in, after a correct password. */
export function SecondStep(props: StepProps) {
  return props.step.step === 'enrol' ? <EnrolStep {...props} /> : <CodeStep {...props} />;
}
