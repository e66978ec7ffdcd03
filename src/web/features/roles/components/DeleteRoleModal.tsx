import { Alert, Button, Group, Loader, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type RoleItem, useDeleteRole, useRoleMembers } from '../api';

/**
 * Deletes a role. Users still holding it must first be mapped to other roles (spec §5): one role for
 * all of them, and/or a role per user. The moves and the delete are one server transaction.
 */
export function DeleteRoleModal({
  role,
  roles,
  onClose,
}: {
  role: RoleItem;
  roles: RoleItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const members = useRoleMembers(role.groupId);
  const remove = useDeleteRole();
  const [all, setAll] = useState<string | null>(null);
  const [each, setEach] = useState<Record<number, string | null>>({});
  const others = roles
    .filter((r) => r.groupId !== role.groupId)
    .map((r) => ({ value: String(r.groupId), label: r.name }));
  const users = members.data?.users ?? [];
  const unmapped = users.filter((u) => !each[u.id] && !all).length;

  const submit = () =>
    remove.mutate(
      {
        groupId: role.groupId,
        version: role.version,
        reassignAllTo: all ? Number(all) : undefined,
        mappings: Object.entries(each)
          .filter(([, g]) => g)
          .map(([memberId, g]) => ({ memberId: Number(memberId), groupId: Number(g) })),
      },
      {
        onSuccess: () => {
          notifySuccess(t('roles.deleted'));
          onClose();
        },
        onError: notifyError,
      },
    );

  // users move to other roles: confirm first (a role without users is deleted at once)
  const confirm = () => {
    if (users.length === 0) return submit();
    modals.openConfirmModal({
      title: t('roles.delete.confirmMoveTitle'),
      children: (
        <Text size="sm" data-testid="delete-role-confirm-text">
          {t('roles.delete.confirmMoveText', { name: role.name, total: users.length })}
        </Text>
      ),
      labels: { confirm: t('roles.delete.confirmMove'), cancel: t('roles.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-move-delete' } as Record<string, string>,
      onConfirm: submit,
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('roles.delete.title', { name: role.name })} size="lg">
      <Stack>
        {members.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : users.length === 0 ? (
          <Text size="sm">{t('roles.delete.noUsers')}</Text>
        ) : (
          <>
            <Alert color="yellow">{t('roles.delete.mapFirst', { count: users.length })}</Alert>
            <Select
              label={t('roles.delete.mapAll')}
              data={others}
              value={all}
              onChange={setAll}
              clearable
              data-testid="map-all"
            />
            <ScrollArea.Autosize mah={280}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('roles.members.name')}</Table.Th>
                    <Table.Th>{t('roles.delete.newRole')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>
                        <Text size="sm">{u.displayName}</Text>
                        <Text size="xs" c="dimmed">
                          {u.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('roles.delete.newRoleFor', { name: u.displayName })}
                          data={others}
                          value={each[u.id] ?? null}
                          placeholder={all ? others.find((o) => o.value === all)?.label : undefined}
                          onChange={(v) => setEach((m) => ({ ...m, [u.id]: v }))}
                          clearable
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('roles.cancel')}
          </Button>
          <Button
            color="red"
            onClick={confirm}
            loading={remove.isPending}
            disabled={members.isPending || unmapped > 0}
            data-testid="confirm-delete-role"
          >
            {t('roles.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
