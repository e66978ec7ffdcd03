import { Alert, Button, Center, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { ResetPasswordBody } from '../../../../shared/contract/password-reset';
import { useDocumentTitle } from '../../../lib/documentTitle';
import { PublicLayout } from '../components/PublicLayout';
import { applyFieldErrors, fieldErrorTexts, useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import type { LoginStep } from '../api';
import { useResetLink, useResetPassword } from '../password-api';
import { passwordRuleTexts } from '../password-texts';

/** The code step of a two-step sign-in, loaded when an account needs it (most sign-ins do not). */
const SecondStep = lazy(() => import('../components/SecondStep').then((m) => ({ default: m.SecondStep })));

const AFTER_RESET = '/institution';

/** An unknown, used or expired link: why, and the way to ask for a new one. */
function LinkProblem({ text }: { text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title
        order={1}
        size="h3"
        ref={ref}
        tabIndex={-1}
        style={{ outline: 'none' }}
        data-testid="reset-link-problem-title"
      >
        {t('passwordReset.problemTitle')}
      </Title>
      <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} data-testid="reset-link-problem">
        {text}
      </Alert>
      <Button component={Link} to="/password/forgot" variant="light">
        {t('passwordReset.askAgain')}
      </Button>
    </Stack>
  );
}

/** The new password, twice; a refused one (guessable, holds the name) shows under its field. */
function useResetForm(token: string) {
  const { t } = useTranslation();
  return useContractForm({
    schema: ResetPasswordBody,
    initialValues: { password: '', confirmPassword: '' },
    transformValues: (v) => ({ token, ...v }),
    texts: passwordRuleTexts(t),
    liveAfterSubmit: true,
  });
}

function ResetForm({ token, username }: { token: string; username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [second, setSecond] = useState<LoginStep | null>(null);
  const signedIn = () => void navigate(AFTER_RESET, { replace: true });
  const errorText = useErrorText();
  const form = useResetForm(token);
  const failure = reset.error && !fieldErrorTexts(reset.error) ? errorText(reset.error) : null;

  const submit = form.onSubmit(
    (body) =>
      reset.mutate(body, {
        onSuccess: (res) => {
          if ('step' in res) setSecond(res);
          else signedIn();
        },
        onError: (e) => applyFieldErrors(form, e),
      }),
    (errors) => form.getInputNode(errors.password ? 'password' : 'confirmPassword')?.focus(),
  );

  if (second)
    return (
      <Suspense fallback={null}>
        <SecondStep step={second} onSignedIn={signedIn} onRestart={() => void navigate('/login')} />
      </Suspense>
    );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="reset-title">
      <Stack gap="md">
        <Title order={1} size="h3" id="reset-title">
          {t('passwordReset.resetTitle')}
        </Title>
        <Text size="sm">{t('passwordReset.resetIntro', { username })}</Text>
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            data-testid="reset-error"
          >
            {failure}
          </Alert>
        )}
        {/* lets a password manager file the new password under the right account */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordInput
          label={t('passwordReset.password')}
          description={t('passwordReset.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          name="password"
          autoComplete="new-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('passwordReset.togglePassword') }}
          withAsterisk
          aria-required
          {...form.getInputProps('password')}
          autoFocus
        />
        <PasswordInput
          label={t('passwordReset.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('passwordReset.toggleConfirmPassword') }}
          withAsterisk
          aria-required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth mt="xs" data-testid="reset-submit">
          {t('passwordReset.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /password/reset?token= : the link of the reset e-mail. Checks it, lets the person choose a new
 * password, then signs them in (every other session of the account is ended by the server).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.resetPageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useResetLink(token);
  const errorText = useErrorText();

  let content: ReactNode;
  if (!token) content = <LinkProblem text={t('error.resetLinkInvalid')} />;
  else if (link.isPending)
    content = (
      <Center role="status" aria-live="polite" py="md">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text c="dimmed">{t('passwordReset.checking')}</Text>
        </Stack>
      </Center>
    );
  else if (link.isError || !link.data) content = <LinkProblem text={errorText(link.error)} />;
  else content = <ResetForm token={token} username={link.data.username} />;

  return <PublicLayout>{content}</PublicLayout>;
}
