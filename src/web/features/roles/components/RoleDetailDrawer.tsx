import { Badge, Button, Checkbox, Drawer, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyDenied, notifySuccess } from '../../../lib/notify';
import { type RoleItem, useChangeRoleOfUsers, useRoleMembers } from '../api';
import { HistoryLink } from '../../audit';

/** A role's detail: its group users with their details, and changing the role of selected or all users. */
export function RoleDetailDrawer({
  role,
  roles,
  canEdit,
  onClose,
}: {
  role: RoleItem;
  roles: RoleItem[];
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const members = useRoleMembers(role.groupId);
  const change = useChangeRoleOfUsers();
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const users = members.data?.users ?? [];
  const others = roles
    .filter((r) => r.groupId !== role.groupId)
    .map((r) => ({ value: String(r.groupId), label: r.name }));

  const run = (all: boolean) =>
    change.mutate(
      { fromGroupId: role.groupId, groupId: Number(target), all, memberIds: all ? undefined : selected },
      {
        onSuccess: (r) => {
          notifySuccess(r.description);
          setSelected([]);
        },
        onError: (e) => notifyDenied(e, t('users.errors.cannotAddRole')),
      },
    );

  // every user of the role moves at once: confirm first, naming both roles
  const confirmAll = () =>
    modals.openConfirmModal({
      title: t('roles.members.confirmAllTitle'),
      children: (
        <Text size="sm" data-testid="change-all-confirm-text">
          {t('roles.members.confirmAllText', {
            from: role.name,
            to: others.find((o) => o.value === target)?.label ?? '',
            total: users.length,
          })}
        </Text>
      ),
      labels: { confirm: t('roles.members.confirmAll'), cancel: t('roles.cancel') },
      confirmProps: { 'data-testid': 'confirm-change-all' } as Record<string, string>,
      onConfirm: () => run(true),
    });

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={t('roles.members.title', { name: role.name })}
    >
      <Stack>
        <HistoryLink entityType="role" entityId={role.groupId} />
        <Group gap="xs">
          {role.permissions.map((p) => (
            <Badge key={p} variant="light">
              {t(`permissionTypes.${p}.label`)}
            </Badge>
          ))}
        </Group>
        {canEdit && users.length > 0 && (
          <Group align="flex-end">
            <Select
              label={t('roles.members.changeTo')}
              data={others}
              value={target}
              onChange={setTarget}
              disabled={others.length === 0}
              data-testid="change-role-target"
            />
            <Button
              disabled={!target || selected.length === 0}
              loading={change.isPending}
              onClick={() => run(false)}
            >
              {t('roles.members.changeSelected', { count: selected.length })}
            </Button>
            <Button variant="light" disabled={!target} loading={change.isPending} onClick={confirmAll}>
              {t('roles.members.changeAll')}
            </Button>
          </Group>
        )}
        {members.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : users.length === 0 ? (
          <Text c="dimmed">{t('roles.members.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="role-members">
              <Table.Thead>
                <Table.Tr>
                  {canEdit && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('roles.members.selectAll')}
                        checked={selected.length === users.length}
                        indeterminate={selected.length > 0 && selected.length < users.length}
                        onChange={(e) => setSelected(e.currentTarget.checked ? users.map((u) => u.id) : [])}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{t('roles.members.name')}</Table.Th>
                  <Table.Th>{t('roles.members.email')}</Table.Th>
                  <Table.Th>{t('roles.members.username')}</Table.Th>
                  <Table.Th>{t('roles.members.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((u) => (
                  <Table.Tr key={u.id}>
                    {canEdit && (
                      <Table.Td>
                        <Checkbox
                          aria-label={t('roles.members.select', { name: u.displayName })}
                          checked={selected.includes(u.id)}
                          onChange={(e) =>
                            setSelected((s) =>
                              e.currentTarget.checked ? [...s, u.id] : s.filter((x) => x !== u.id),
                            )
                          }
                        />
                      </Table.Td>
                    )}
                    <Table.Td>{u.displayName}</Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.username}</Table.Td>
                    <Table.Td>{t(`users.status.${u.status as 'active' | 'pending' | 'disabled'}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Drawer>
  );
}
