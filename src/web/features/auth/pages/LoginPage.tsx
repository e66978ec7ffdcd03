import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/documentTitle';
import { PublicLayout } from '../components/PublicLayout';
import { safeNext } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { useLightForm } from '../../../lib/light-form';
import { type LoginStep, useLogin } from '../api';

import { SsoOptions } from '../components/SsoOptions';
import { ssoFailure, useSsoReturn } from '../sso-return';

/** The code step of a two-step sign-in, loaded when an account needs it (most sign-ins do not). */
const SecondStep = lazy(() => import('../components/SecondStep').then((m) => ({ default: m.SecondStep })));

const DEFAULT_DESTINATION = '/institution';

type Credentials = { username: string; password: string };

/**
 * The credentials; kept by the page, so that the user name survives the second step's "start again".
 * `?username=` (the account-setup page links here with it) fills the field.
 */
function useLoginForm(username: string) {
  const { t } = useTranslation();
  return useLightForm<Credentials>({
    initialValues: { username, password: '' },
    rules: (v) => ({
      username: v.username.trim() ? undefined : t('login.usernameRequired'),
      password: v.password ? undefined : t('login.passwordRequired'),
    }),
  });
}

/** /login: username and password; afterwards the user lands where they were going, or /institution. */
export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.pageTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useLoginForm(params.get('username') ?? '');
  const prefilled = !!params.get('username');
  const [second, setSecond] = useState<LoginStep | null>(null);
  const errorText = useErrorText();
  const destination = safeNext(params.get('next'));
  const ssoReturn = useSsoReturn(
    useCallback(
      (ssoNext: string | null) => void navigate(safeNext(ssoNext) ?? DEFAULT_DESTINATION, { replace: true }),
      [navigate],
    ),
  );
  const reason = ssoFailure(params);
  const failure = login.error
    ? errorText(login.error)
    : ssoReturn.error
      ? errorText(ssoReturn.error)
      : reason
        ? t(`error.${reason}`)
        : null;

  const signedIn = () => void navigate(destination ?? DEFAULT_DESTINATION, { replace: true });
  const restart = () => {
    setSecond(null);
    login.reset();
  };
  const submit = (credentials: Credentials, answered: () => void) =>
    login.mutate(credentials, {
      onSuccess: (res) => {
        answered();
        if ('step' in res) setSecond(res);
        else signedIn();
      },
      onError: answered,
    });

  if (ssoReturn.exchanging) return <SsoSigningIn />;
  if (second) {
    return (
      <PublicLayout>
        <Suspense fallback={null}>
          <SecondStep step={second} onSignedIn={signedIn} onRestart={restart} />
        </Suspense>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <LoginForm
        form={form}
        prefilled={prefilled}
        failure={failure}
        pending={login.isPending}
        onSubmit={submit}
      />
      <SsoOptions next={destination} />
    </PublicLayout>
  );
}

/** While the one-time code of a provider sign-in becomes a session. */
function SsoSigningIn() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <Group justify="center" gap="sm" role="status" data-testid="sso-signing-in">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('login.ssoSigningIn')}</Text>
      </Group>
    </PublicLayout>
  );
}

interface LoginFormProps {
  form: ReturnType<typeof useLoginForm>;
  /** The user name came with the address: the password gets focus. */
  prefilled: boolean;
  failure: string | null;
  pending: boolean;
  /** Sends the credentials; `answered` runs on the answer, either way (the password field empties). */
  onSubmit: (credentials: Credentials, answered: () => void) => void;
}

/** The username and password form; both fields are required. */
function LoginForm({ form, prefilled, failure, pending, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const submit = form.onSubmit((v) =>
    onSubmit({ username: v.username.trim(), password: v.password }, () => form.setFieldValue('password', '')),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Title order={1} size="h3" id="login-title">
          {t('login.title')}
        </Title>
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            data-testid="login-error"
          >
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          aria-required
          {...form.getInputProps('username')}
          data-autofocus={!prefilled || undefined}
          autoFocus={!prefilled}
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          withAsterisk
          aria-required
          {...form.getInputProps('password')}
          autoFocus={prefilled}
        />
        <Anchor component={Link} to="/password/forgot" size="sm" mt={-8} data-testid="forgot-password-link">
          {t('login.forgotPassword')}
        </Anchor>
        <Button type="submit" loading={pending} fullWidth mt="xs">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
