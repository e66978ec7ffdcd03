import { Alert, Button, Center, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/Pager';
import { useTranslation } from 'react-i18next';
import { USERS_PER_PAGE } from '../../../../shared/constants';
import { errorText } from '../../../lib/error-text';
import { notifyDenied, notifyError, notifySuccess } from '../../../lib/notify';
import { can } from '../../../../shared/permissions';
import { useAppSession } from '../../../session';
import { StartActAsModal } from '../../act-as';
import { useRoles } from '../../roles';
import { pageIndexFor, type UserRow, useAddUsers, useNotifyUser, useUserSearch } from '../api';
import { useAccountStatusAction } from './AccountStatusAction';
import { useInstitutionRemovalAction } from './InstitutionRemovalAction';
import { UserFormModal } from './UserFormModal';
import { UserSectionsModal } from './UserSectionsModal';
import { UsersTable } from './UsersTable';

/** The Users tab's list: search, 8 per page, selection, and the per-user dialogs. */
export function UserDirectory({ orgId, canEdit }: { orgId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [searchText] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [sectionsOf, setSectionsOf] = useState<UserRow | null>(null);
  const [actingFor, setActingFor] = useState<UserRow | null>(null);
  const { session, capabilities, institution } = useAppSession();
  const mayActAs = can(capabilities, 'actAs') && !session.actAs;
  const result = useUserSearch({ organizationId: orgId, searchText, page, pageSize: USERS_PER_PAGE });
  const [bulkRole, setBulkRole] = useState<string | null>(null);
  const roles = useRoles(canEdit ? orgId : null);
  const sendNotification = useNotifyConfirm(orgId);
  const total = result.data?.total ?? 0;
  const pages = Math.ceil(total / USERS_PER_PAGE);

  const changeStatus = useAccountStatusAction(orgId);
  const removeFromInstitution = useInstitutionRemovalAction(orgId);

  return (
    <Stack>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        label={t('users.search.label')}
        placeholder={t('users.search.placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setPage(0);
        }}
        maw={420}
      />
      {canEdit && selected.length > 0 && (
        <RoleForSelected
          orgId={orgId}
          selected={selected}
          roles={roles.data?.groups ?? []}
          role={bulkRole}
          onRole={setBulkRole}
          onDone={() => setSelected([])}
        />
      )}
      {result.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : result.isError ? (
        <Alert color="red">{errorText(result.error)}</Alert>
      ) : total === 0 ? (
        <Text c="dimmed">{t('users.search.none')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="users-count">
            {t('users.search.count', { count: total })}
          </Text>
          <UsersTable
            users={result.data.users}
            canEdit={canEdit}
            selected={selected}
            onSelect={setSelected}
            onEdit={setEditing}
            onNotify={sendNotification}
            onSections={setSectionsOf}
            onStatus={changeStatus}
            onRemove={removeFromInstitution}
            onActAs={mayActAs ? setActingFor : undefined}
          />
          {pages > 1 && (
            <Pager
              total={pages}
              value={page + 1}
              onChange={(n) => setPage(pageIndexFor(n))}
              data-testid="users-pager"
            />
          )}
        </>
      )}
      {editing && <UserFormModal orgId={orgId} user={editing} onClose={() => setEditing(null)} />}
      {sectionsOf && (
        <UserSectionsModal orgId={orgId} user={sectionsOf} onClose={() => setSectionsOf(null)} />
      )}
      {actingFor && (
        <StartActAsModal
          organizationId={orgId}
          institutionName={institution?.displayName ?? ''}
          mayAllowWrites={session.superAdmin}
          user={{ userId: actingFor.id, displayName: actingFor.displayName }}
          onClose={() => setActingFor(null)}
        />
      )}
    </Stack>
  );
}

/** Sends the account e-mail to a user after a confirmation naming the recipient (an e-mail goes out). */
function useNotifyConfirm(orgId: number) {
  const { t } = useTranslation();
  const notify = useNotifyUser(orgId);
  return (u: UserRow) =>
    modals.openConfirmModal({
      title: t('users.notify.confirmTitle'),
      children: (
        <Text size="sm" data-testid="notify-confirm-text">
          {t('users.notify.confirmText', { name: u.displayName, email: u.email })}
        </Text>
      ),
      labels: { confirm: t('users.notify.confirm'), cancel: t('users.notify.cancel') },
      confirmProps: { 'data-testid': 'confirm-notify' } as Record<string, string>,
      onConfirm: () =>
        notify.mutate(u.id, {
          onSuccess: () => notifySuccess(t('users.notify.sent', { email: u.email })),
          onError: notifyError,
        }),
    });
}

interface RoleForSelectedProps {
  orgId: number;
  selected: number[];
  roles: { groupId: number; name: string }[];
  role: string | null;
  onRole: (role: string | null) => void;
  onDone: () => void;
}

/** Gives one role of the institution to every selected user; the selection clears on success. */
function RoleForSelected({ orgId, selected, roles, role, onRole, onDone }: RoleForSelectedProps) {
  const { t } = useTranslation();
  const addUsers = useAddUsers();
  const giveRole = () =>
    addUsers.mutate(
      { userIds: selected, organizationId: orgId, groupId: Number(role) },
      {
        onSuccess: () => {
          notifySuccess(t('users.bulkRole.added'));
          onDone();
        },
        onError: (e) => notifyDenied(e, t('users.errors.cannotAddRole')),
      },
    );
  return (
    <Paper withBorder p="sm">
      <Group align="flex-end">
        <Text size="sm">{t('users.bulkRole.selected', { count: selected.length })}</Text>
        <Select
          aria-label={t('users.bulkRole.role')}
          placeholder={t('users.bulkRole.role')}
          data={roles.map((r) => ({ value: String(r.groupId), label: r.name }))}
          value={role}
          onChange={onRole}
        />
        <Button disabled={!role} loading={addUsers.isPending} onClick={giveRole}>
          {t('users.bulkRole.submit')}
        </Button>
        <Button variant="subtle" onClick={onDone}>
          {t('users.bulkRole.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
