import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RoleName } from '../../../../shared/contract/roles';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';

const RoleNameFields = z.object({ name: RoleName });

interface Props {
  title: string;
  initialName?: string;
  /** Names already used in the institution (compared case-insensitively). */
  existingNames: string[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** The role-name prompt of spec §5: "Enter the name for the new role.", blank and duplicate checks. */
export function RoleNameModal({
  title,
  initialName = '',
  existingNames,
  submitLabel,
  pending,
  onSubmit,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const taken = new Set(existingNames.map((n) => n.toLowerCase()));
  const form = useContractForm({
    schema: RoleNameFields,
    initialValues: { name: initialName },
    // the contract cannot know the institution's other names: the page holds them
    rules: ({ name }) => ({ name: taken.has(name.trim().toLowerCase()) ? t('roles.nameTaken') : null }),
  });
  const submit = form.onSubmit(async ({ name }) => {
    try {
      await onSubmit(name.trim());
    } catch (e) {
      if (isApiError(e) && e.message === 'error.roleNameTaken') form.setFieldError('name', errorText(e));
      else if (isApiError(e) && e.fields?.name) form.setFieldError('name', t('roles.nameBlank'));
    }
  });
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate data-testid="role-name-form">
        <Stack>
          <TextInput
            label={t('roles.namePrompt')}
            data-autofocus
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('roles.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
