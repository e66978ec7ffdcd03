import { Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import {
  IconBook,
  IconMail,
  IconPencil,
  IconUserCheck,
  IconUserMinus,
  IconUserOff,
  IconUserShare,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../../session';
import type { UserRow } from '../api';
import { RowAction } from './RowAction';

interface Props {
  users: UserRow[];
  canEdit: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onEdit: (u: UserRow) => void;
  onNotify: (u: UserRow) => void;
  onSections: (u: UserRow) => void;
  /** Deactivate an active account, reactivate a disabled one (asks first). */
  onStatus?: (u: UserRow) => void;
  onRemove?: (u: UserRow) => void;
  /** Act as this user: given to super admins and nasupport holders only. */
  onActAs?: (u: UserRow) => void;
}

const STATUS_COLOR = { active: 'green', pending: 'yellow', disabled: 'gray' } as const;

/** The actions stay in view while a narrow screen scrolls the table sideways. */
const STICKY_END = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const;

/** One page of users: name, e-mail, user name, role, status and the row actions. */
export function UsersTable({
  users,
  canEdit,
  selected,
  onSelect,
  onEdit,
  onNotify,
  onSections,
  onStatus,
  onRemove,
  onActAs,
}: Props) {
  const { t } = useTranslation();
  const { session } = useAppSession();
  const ids = users.map((u) => u.id);
  const all = ids.length > 0 && ids.every((id) => selected.includes(id));
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            {canEdit && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('users.table.selectPage')}
                  checked={all}
                  indeterminate={!all && ids.some((id) => selected.includes(id))}
                  onChange={(e) =>
                    onSelect(
                      e.currentTarget.checked
                        ? [...new Set([...selected, ...ids])]
                        : selected.filter((id) => !ids.includes(id)),
                    )
                  }
                />
              </Table.Th>
            )}
            <Table.Th>{t('users.table.name')}</Table.Th>
            <Table.Th>{t('users.table.email')}</Table.Th>
            <Table.Th>{t('users.table.username')}</Table.Th>
            <Table.Th>{t('users.table.role')}</Table.Th>
            <Table.Th>{t('users.table.status')}</Table.Th>
            <Table.Th w={120} style={STICKY_END}>
              {t('users.table.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id} data-testid="user-row">
              {canEdit && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('users.table.select', { name: u.displayName })}
                    checked={selected.includes(u.id)}
                    onChange={(e) =>
                      onSelect(
                        e.currentTarget.checked ? [...selected, u.id] : selected.filter((id) => id !== u.id),
                      )
                    }
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" fw={500}>
                  {u.displayName}
                </Text>
              </Table.Td>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td>{u.username}</Table.Td>
              <Table.Td>{u.roles.map((r) => r.name).join(', ') || '—'}</Table.Td>
              <Table.Td>
                {/* the text colour of the page: the light badge's own green fails WCAG contrast */}
                <Badge
                  color={STATUS_COLOR[u.status]}
                  variant="light"
                  styles={{ label: { color: 'var(--mantine-color-text)' } }}
                >
                  {t(`users.status.${u.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={STICKY_END}>
                <RowActions
                  u={u}
                  canEdit={canEdit}
                  self={u.id === session.userId}
                  onEdit={onEdit}
                  onNotify={onNotify}
                  onSections={onSections}
                  onStatus={onStatus}
                  onRemove={onRemove}
                  onActAs={onActAs}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type ActionProps = Omit<Props, 'users' | 'selected' | 'onSelect'> & {
  u: UserRow;
  /** The row is the signed-in user: no status change or removal of oneself. */
  self: boolean;
};

/** The row's action buttons, each shown when the caller may use it. */
function RowActions({
  u,
  canEdit,
  self,
  onEdit,
  onNotify,
  onSections,
  onStatus,
  onRemove,
  onActAs,
}: ActionProps) {
  const { t } = useTranslation();
  const name = u.displayName;
  return (
    <Group gap={4} wrap="nowrap">
      {canEdit && (
        <RowAction
          tip={t('users.actions.edit')}
          label={t('users.actions.editUser', { name })}
          icon={IconPencil}
          onClick={() => onEdit(u)}
        />
      )}
      {canEdit && (
        <RowAction
          tip={t('users.actions.notify')}
          label={t('users.actions.notifyUser', { name })}
          icon={IconMail}
          onClick={() => onNotify(u)}
        />
      )}
      {canEdit && onStatus && u.status !== 'pending' && !self && <StatusAction u={u} onStatus={onStatus} />}
      {canEdit && onRemove && !self && (
        <RowAction
          tip={t('users.removal.remove')}
          label={t('users.removal.removeUser', { name })}
          icon={IconUserMinus}
          color="red.9"
          onClick={() => onRemove(u)}
          testId="institution-removal"
        />
      )}
      <RowAction
        tip={t('users.actions.sections')}
        label={t('users.actions.sectionsOf', { name })}
        icon={IconBook}
        onClick={() => onSections(u)}
      />
      {onActAs && (
        <RowAction
          tip={t('actAs.menuLink')}
          label={t('actAs.forUser', { name })}
          icon={IconUserShare}
          onClick={() => onActAs(u)}
          testId="act-as-user-row"
        />
      )}
    </Group>
  );
}

/** Deactivate an active account, or reactivate a disabled one. */
function StatusAction({ u, onStatus }: { u: UserRow; onStatus: (u: UserRow) => void }) {
  const { t } = useTranslation();
  const off = u.status === 'active';
  const label = t(off ? 'users.accountStatus.deactivate' : 'users.accountStatus.reactivate');
  return (
    <RowAction
      tip={label}
      label={`${label}: ${u.displayName}`}
      icon={off ? IconUserOff : IconUserCheck}
      color={off ? 'red.9' : undefined}
      onClick={() => onStatus(u)}
      testId="account-status"
    />
  );
}
