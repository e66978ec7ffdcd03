import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordBody } from '../../../../shared/contract/password-reset';
import { applyFieldErrors, fieldErrorTexts, useErrorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../password-api';
import { passwordRuleTexts } from '../password-texts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The current password, the new one twice; a refused one shows under its field. */
function useChangePasswordForm() {
  const { t } = useTranslation();
  return useContractForm({
    schema: ChangePasswordBody,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    texts: passwordRuleTexts(t, (key, path) =>
      path === 'currentPassword' && key === 'required'
        ? t('passwordReset.currentPasswordRequired')
        : undefined,
    ),
    liveAfterSubmit: true,
  });
}

/** The change-password form: current password, new one twice; other sessions end on success. */
function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const errorText = useErrorText();
  const form = useChangePasswordForm();
  const failure = change.error && !fieldErrorTexts(change.error) ? errorText(change.error) : null;
  const submit = form.onSubmit((body) =>
    change.mutate(body, { onSuccess: onDone, onError: (e) => applyFieldErrors(form, e) }),
  );

  const input = (field: Field, label: string, toggle: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      name={field}
      autoComplete={autoComplete}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': toggle }}
      withAsterisk
      aria-required
      {...form.getInputProps(field)}
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
