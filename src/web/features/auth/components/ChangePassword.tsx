import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { type PasswordRule, passwordPairErrors } from '../../../../shared/contract/account-setup';
import { isApiError } from '../../../lib/api';
import { fieldErrorTexts, useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../password-api';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The change-password form: current password, new one twice; other sessions end on success. */
function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const errorText = useErrorText();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const pair = passwordPairErrors(values.newPassword, values.confirmPassword);
  const ruleText = (rule: PasswordRule) =>
    t(`accountSetup.validation.${rule}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  const refused = isApiError(change.error) && change.error.status === 422;
  const serverFields = refused ? fieldErrorTexts(change.error) : undefined;
  const errorOf = (field: Field): string | undefined => {
    if (submitted && field === 'currentPassword' && !values.currentPassword)
      return t('passwordReset.currentPasswordRequired');
    if (submitted && field === 'newPassword' && pair.password) return ruleText(pair.password);
    if (submitted && field === 'confirmPassword' && pair.confirmPassword)
      return ruleText(pair.confirmPassword);
    return serverFields?.[field];
  };
  const failure = change.error && !refused ? errorText(change.error) : null;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (!values.currentPassword || pair.password || pair.confirmPassword) return;
    change.mutate(values, { onSuccess: onDone });
  };

  const input = (field: Field, label: string, toggle: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      name={field}
      autoComplete={autoComplete}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': toggle }}
      withAsterisk
      aria-required
      value={values[field]}
      onChange={set(field)}
      error={errorOf(field)}
      data-autofocus={field === 'currentPassword' || undefined}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('passwordReset.changeIntro')}</Text>
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            data-testid="change-password-error"
          >
            {failure}
          </Alert>
        )}
        {input(
          'currentPassword',
          t('passwordReset.currentPassword'),
          t('passwordReset.toggleCurrentPassword'),
          'current-password',
        )}
        {input('newPassword', t('passwordReset.password'), t('passwordReset.togglePassword'), 'new-password')}
        {input(
          'confirmPassword',
          t('passwordReset.confirmPassword'),
          t('passwordReset.toggleConfirmPassword'),
          'new-password',
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('passwordReset.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending} data-testid="change-password-submit">
            {t('passwordReset.changeSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The change-password dialog, opened by the header's account menu or the small-screen menu. */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const done = () => {
    onClose();
    notifySuccess(t('passwordReset.changed'));
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('passwordReset.changeTitle')}
      closeButtonProps={{ 'aria-label': t('passwordReset.cancel') }}
    >
      {opened && <ChangePasswordForm onDone={done} onCancel={onClose} />}
    </Modal>
  );
}

/** "Change password" as a text button (the small-screen menu); opens the dialog. */
export function ChangePasswordButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" px={0} onClick={open} data-testid="menu-change-password">
        {t('header.changePassword')}
      </Button>
      <ChangePasswordDialog opened={opened} onClose={close} />
    </>
  );
}
