import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/documentTitle';
import { PublicLayout } from '../components/PublicLayout';
import { currentLocale } from '../../../i18n';
import { ForgotPasswordBody } from '../../../../shared/contract/password-reset';
import { applyFieldErrors, fieldErrorTexts, useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { useForgotPassword } from '../password-api';

/** After the request: the same words whether or not an account matched, and the way back. */
function Sent() {
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
        data-testid="forgot-sent-title"
      >
        {t('passwordReset.sentTitle')}
      </Title>
      <Alert color="blue" icon={<IconMailForward aria-hidden="true" />} data-testid="forgot-sent">
        {t('passwordReset.sent')}
      </Alert>
      <Button component={Link} to="/login" variant="light">
        {t('passwordReset.backToLogin')}
      </Button>
    </Stack>
  );
}

/** /password/forgot: asks for the user name or e-mail; the server e-mails a one-hour link. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.forgotPageTitle'));
  const forgot = useForgotPassword();
  const errorText = useErrorText();
  const form = useContractForm({
    schema: ForgotPasswordBody,
    initialValues: { identifier: '' },
    transformValues: (v) => ({ identifier: v.identifier.trim(), locale: currentLocale() }),
    texts: { 'messages.identifierRequired': t('passwordReset.identifierRequired') },
    // an error stays until the next submit, as the server's does
    clearInputErrorOnChange: false,
  });
  const failure = forgot.error && !fieldErrorTexts(forgot.error) ? errorText(forgot.error) : null;
  const submit = form.onSubmit((body) => forgot.mutate(body, { onError: (e) => applyFieldErrors(form, e) }));

  return (
    <PublicLayout>
      {forgot.isSuccess ? (
        <Sent />
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
          <Stack gap="md">
            <Title order={1} size="h3" id="forgot-title">
              {t('passwordReset.forgotTitle')}
            </Title>
            <Text size="sm">{t('passwordReset.forgotIntro')}</Text>
            {failure && (
              <Alert
                color="red"
                icon={<IconAlertCircle aria-hidden="true" />}
                role="alert"
                data-testid="forgot-error"
              >
                {failure}
              </Alert>
            )}
            <TextInput
              label={t('passwordReset.identifier')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              withAsterisk
              aria-required
              autoFocus
              {...form.getInputProps('identifier')}
            />
            <Button type="submit" loading={forgot.isPending} fullWidth mt="xs" data-testid="forgot-submit">
              {t('passwordReset.send')}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('passwordReset.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </PublicLayout>
  );
}
