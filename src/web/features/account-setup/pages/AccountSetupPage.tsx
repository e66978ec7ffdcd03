import { Alert, Button, Center, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { AccountSetupBody } from '../../../../shared/contract/account-setup';
import { useDocumentTitle } from '../../../lib/documentTitle';
import { PublicLayout, passwordRuleTexts } from '../../auth';
import { applyFieldErrors, fieldErrorTexts, useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { type SetupLink, useCompleteSetup, useSetupLink } from '../api';

/** What to show for a failed call (lib/error-text.ts), or null when nothing failed. */
function useFailureText(error: unknown): string | null {
  const errorText = useErrorText();
  return error ? errorText(error) : null;
}

const loginLink = (username?: string) =>
  username ? `/login?username=${encodeURIComponent(username)}` : '/login';

/** A heading that takes focus when it appears, so screen readers announce the new step. */
function StepTitle({ children, testId }: { children: string; testId: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Title order={1} size="h3" ref={ref} tabIndex={-1} data-testid={testId} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}

/** An unknown, used or expired link: the reason, what to do, and the way to the sign-in page. */
function LinkProblem({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <StepTitle testId="setup-link-problem-title">{t('accountSetup.problemTitle')}</StepTitle>
      <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} data-testid="setup-link-problem">
        {text}
      </Alert>
      <Button component={Link} to={loginLink()} variant="light">
        {t('accountSetup.goToLogin')}
      </Button>
    </Stack>
  );
}

function Done({ username }: { username: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <StepTitle testId="setup-done-title">{t('accountSetup.doneTitle')}</StepTitle>
      <Alert color="green" icon={<IconCircleCheck aria-hidden="true" />} data-testid="setup-done">
        {t('accountSetup.done', { username })}
      </Alert>
      <Button component={Link} to={loginLink(username)} data-testid="setup-go-to-login">
        {t('accountSetup.goToLogin')}
      </Button>
    </Stack>
  );
}

/** The password, twice; a refused one (too guessable, holds the user name) shows under its field. */
function useSetupForm(token: string) {
  const { t } = useTranslation();
  return useContractForm({
    schema: AccountSetupBody,
    initialValues: { password: '', confirmPassword: '' },
    transformValues: (v) => ({ token, ...v }),
    texts: passwordRuleTexts(t),
    liveAfterSubmit: true,
  });
}

function SetupForm({ token, link, onDone }: { token: string; link: SetupLink; onDone: (u: string) => void }) {
  const { t } = useTranslation();
  const complete = useCompleteSetup();
  const form = useSetupForm(token);
  const failure = useFailureText(fieldErrorTexts(complete.error) ? null : complete.error);

  const submit = form.onSubmit(
    (body) =>
      complete.mutate(body, {
        onSuccess: (res) => onDone(res.username),
        onError: (e) => applyFieldErrors(form, e),
      }),
    (errors) => form.getInputNode(errors.password ? 'password' : 'confirmPassword')?.focus(),
  );

  const intro = link.institutionName
    ? t('accountSetup.intro', { firstName: link.firstName, institution: link.institutionName })
    : t('accountSetup.introNoInstitution', { firstName: link.firstName });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="setup-title">
      <Stack gap="md">
        <Title order={1} size="h3" id="setup-title">
          {t('accountSetup.title')}
        </Title>
        <Text>{intro}</Text>
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            data-testid="setup-error"
          >
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('accountSetup.username')}
          description={t('accountSetup.usernameHint')}
          name="username"
          autoComplete="username"
          value={link.username}
          readOnly
          variant="filled"
          data-testid="setup-username"
        />
        <PasswordInput
          label={t('accountSetup.password')}
          description={t('accountSetup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          name="password"
          autoComplete="new-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('accountSetup.togglePassword') }}
          withAsterisk
          aria-required
          {...form.getInputProps('password')}
          autoFocus
        />
        <PasswordInput
          label={t('accountSetup.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('accountSetup.toggleConfirmPassword') }}
          withAsterisk
          aria-required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={complete.isPending} fullWidth mt="xs" data-testid="setup-submit">
          {t('accountSetup.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /account/setup?token= : the link of the account-request e-mail. Checks the link, then lets the
 * new user choose a password; afterwards points to the sign-in page with the username filled in.
 */
export default function AccountSetupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('accountSetup.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useSetupLink(token);
  const linkFailure = useFailureText(link.error);
  const [doneFor, setDoneFor] = useState<string | null>(null);

  let content: ReactNode;
  if (doneFor !== null) content = <Done username={doneFor} />;
  else if (!token) content = <LinkProblem text={t('error.setupLinkInvalid')} />;
  else if (link.isPending)
    content = (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('accountSetup.title')}
        </Title>
        <Center role="status" aria-live="polite" py="md">
          <Stack align="center" gap="sm">
            <Loader aria-hidden="true" />
            <Text c="dimmed">{t('accountSetup.checking')}</Text>
          </Stack>
        </Center>
      </Stack>
    );
  else if (link.isError || !link.data) content = <LinkProblem text={linkFailure ?? t('errors.generic')} />;
  else content = <SetupForm token={token} link={link.data} onDone={setDoneFor} />;

  return <PublicLayout>{content}</PublicLayout>;
}
