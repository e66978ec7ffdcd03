import { Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Email, PersonName, RoleId, USER_MESSAGES } from '../../../../shared/contract/users';
import { isApiError } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/error-text';
import { useContractForm } from '../../../lib/form';
import { notifyDenied, notifyError, notifySuccess } from '../../../lib/notify';
import { useRoles } from '../../roles';
import { type UserRow, useCreateUser, useEditUser, usePiUser } from '../api';
import { HistoryLink } from '../../audit';
import { ExplainAccessButton } from '../../access-explain';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  groupId: string | null;
  superAdmin: boolean;
  associateSuperAdmin: boolean;
  nasupport: boolean;
}

/** Spec §5 rules for the user forms (the contract's): role, name and e-mail required; e-mail valid. */
const UserFields = z.object({ firstName: PersonName, lastName: PersonName, email: Email, groupId: RoleId });

/** The form's texts where they differ from the contract's (no final full stop). */
function useUserTexts() {
  const { t } = useTranslation();
  return {
    'messages.nameRequired': t('users.validation.nameRequired'),
    'messages.emailRequired': t('users.validation.emailRequired'),
    'messages.emailValid': t('users.validation.emailInvalid'),
    'messages.roleRequired': t('users.validation.roleRequired'),
  } as const;
}

/** Create a user (account request) or edit one. */
export function UserFormModal({
  orgId,
  user,
  onClose,
}: {
  orgId: number;
  user: UserRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const details = usePiUser(orgId, user?.id ?? null);
  const roles = useRoles(orgId);
  const loading = roles.isPending || (user !== null && details.isPending);
  return (
    <Modal
      opened
      onClose={onClose}
      title={user ? t('users.edit.title', { name: user.displayName }) : t('users.create.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {user && (
        <Group gap="sm" mb="xs">
          <HistoryLink entityType="user" entityId={user.id} />
          <ExplainAccessButton user={{ id: user.id, displayName: user.displayName }} />
        </Group>
      )}
      {loading ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Group>
      ) : (
        <UserForm
          orgId={orgId}
          user={user}
          flags={details.data?.canEditFlags ? details.data.user : null}
          roleOptions={(roles.data?.groups ?? []).map((r) => ({ value: String(r.groupId), label: r.name }))}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function UserForm({
  orgId,
  user,
  flags,
  roleOptions,
  onClose,
}: {
  orgId: number;
  user: UserRow | null;
  flags: { superAdmin: boolean; associateSuperAdmin: boolean; nasupport: boolean } | null;
  roleOptions: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateUser(orgId);
  const edit = useEditUser(orgId);
  const form = useContractForm({
    schema: UserFields,
    texts: useUserTexts(),
    initialValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      username: '',
      groupId: user?.roles[0] ? String(user.roles[0].groupId) : null,
      superAdmin: flags?.superAdmin ?? false,
      associateSuperAdmin: flags?.associateSuperAdmin ?? false,
      nasupport: flags?.nasupport ?? false,
    } as Values,
    transformValues: (v) => ({
      ...v,
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      groupId: Number(v.groupId),
    }),
  });

  const submit = form.onSubmit((v) => {
    const common = { firstName: v.firstName, lastName: v.lastName, email: v.email, groupId: v.groupId };
    if (!user) {
      create.mutate(
        { ...common, username: v.username.trim() || undefined },
        {
          onSuccess: () => {
            notifySuccess(t('users.create.requested'));
            onClose();
          },
          onError: (e) => {
            if (!applyFieldErrors(form, e)) notifyDenied(e, t('users.errors.cannotAdd'));
          },
        },
      );
      return;
    }
    edit.mutate(
      {
        ...common,
        userId: user.id,
        version: user.version,
        ...(flags
          ? { superAdmin: v.superAdmin, associateSuperAdmin: v.associateSuperAdmin, nasupport: v.nasupport }
          : {}),
      },
      {
        onSuccess: (r) => {
          notifySuccess(r.description === USER_MESSAGES.userEdited ? t('users.edit.saved') : r.description);
          onClose();
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 403) notifyDenied(e, t('error.cannotEditUser'));
          else if (!applyFieldErrors(form, e)) notifyError(e);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('users.fields.firstName')}
            withAsterisk
            maxLength={100}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('users.fields.lastName')}
            withAsterisk
            maxLength={100}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('users.fields.email')}
          type="email"
          withAsterisk
          maxLength={254}
          {...form.getInputProps('email')}
        />
        {!user && (
          <TextInput
            label={t('users.fields.username')}
            description={t('users.fields.usernameHelp')}
            maxLength={100}
            {...form.getInputProps('username')}
          />
        )}
        <Select
          label={t('users.fields.role')}
          withAsterisk
          data={roleOptions}
          {...form.getInputProps('groupId')}
        />
        {flags && (
          <Group>
            <Switch label="superAdmin" {...form.getInputProps('superAdmin', { type: 'checkbox' })} />
            <Switch
              label="associateSuperAdmin"
              {...form.getInputProps('associateSuperAdmin', { type: 'checkbox' })}
            />
            <Switch label="nasupport" {...form.getInputProps('nasupport', { type: 'checkbox' })} />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('users.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || edit.isPending} data-testid="save-user">
            {user ? t('users.edit.submit') : t('users.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
