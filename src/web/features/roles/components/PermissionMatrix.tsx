import { ActionIcon, Badge, Button, Checkbox, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconDotsVertical, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type Permission } from '../../../../shared/permissions';
import type { RoleItem } from '../api';
import { effectivePermissions, isDirty, type PendingEdits } from '../pending';

export type RoleAction = 'members' | 'rename' | 'copy' | 'delete';

interface Props {
  roles: RoleItem[];
  grantable: Permission[];
  canEdit: boolean;
  /** The institution has one role: it can be neither deleted nor changed. */
  onlyRole: boolean;
  pending: PendingEdits;
  saving: number | null;
  onToggle: (role: RoleItem, permission: Permission, on: boolean) => void;
  onSave: (role: RoleItem) => void;
  onAction: (role: RoleItem, action: RoleAction) => void;
}

/** The institution's roles (columns) against the ten permission types (rows), each with its label and help. */
export function PermissionMatrix({
  roles,
  grantable,
  canEdit,
  onlyRole,
  pending,
  saving,
  onToggle,
  onSave,
  onAction,
}: Props) {
  const { t } = useTranslation();
  const locked = !canEdit || onlyRole;
  return (
    <Table.ScrollContainer minWidth={260 + roles.length * 150}>
      <Table withTableBorder withColumnBorders striped stickyHeader data-testid="permission-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={{ base: 170, sm: 320 }}>
              {t('roles.matrix.permission')}
            </Table.Th>
            {roles.map((role) => (
              <Table.Th key={role.groupId} scope="col" data-testid={`role-col-${role.name}`}>
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {role.name}
                    </Text>
                    <Badge variant="light" size="xs">
                      {t('roles.matrix.users', { count: role.memberCount })}
                    </Badge>
                  </Stack>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('roles.matrix.actions', { name: role.name })}
                      >
                        <IconDotsVertical size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconUsers size={14} />}
                        onClick={() => onAction(role, 'members')}
                      >
                        {t('roles.actions.members')}
                      </Menu.Item>
                      {canEdit && (
                        <>
                          <Menu.Item
                            leftSection={<IconPencil size={14} />}
                            disabled={onlyRole}
                            onClick={() => onAction(role, 'rename')}
                          >
                            {t('roles.actions.rename')}
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconCopy size={14} />}
                            onClick={() => onAction(role, 'copy')}
                          >
                            {t('roles.actions.copy')}
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            disabled={onlyRole}
                            onClick={() => onAction(role, 'delete')}
                          >
                            {t('roles.actions.delete')}
                          </Menu.Item>
                        </>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERMISSIONS.map((p) => (
            <Table.Tr key={p}>
              <Table.Th scope="row" fw="normal">
                <Text size="sm" fw={500}>
                  {t(`permissionTypes.${p}.label`)}
                </Text>
                <Text size="xs" c="dimmed" visibleFrom="sm">
                  {t(`permissionTypes.${p}.help`)}
                </Text>
              </Table.Th>
              {roles.map((role) => {
                const checked = effectivePermissions(role, pending).includes(p);
                const mayGrant = grantable.includes(p);
                const cell = (
                  <Checkbox
                    checked={checked}
                    disabled={locked || (!checked && !mayGrant)}
                    onChange={(e) => onToggle(role, p, e.currentTarget.checked)}
                    aria-label={`${role.name}: ${t(`permissionTypes.${p}.label`)}`}
                  />
                );
                return (
                  <Table.Td key={role.groupId} ta="center">
                    <Group justify="center">
                      {!locked && !checked && !mayGrant ? (
                        <Tooltip label={t('roles.matrix.notGrantable')}>
                          <span>{cell}</span>
                        </Tooltip>
                      ) : (
                        cell
                      )}
                    </Group>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {canEdit && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td>
                {onlyRole && (
                  <Text size="xs" c="dimmed">
                    {t('roles.onlyRole')}
                  </Text>
                )}
              </Table.Td>
              {roles.map((role) => (
                <Table.Td key={role.groupId} ta="center">
                  <Button
                    size="xs"
                    disabled={!isDirty(role, pending)}
                    loading={saving === role.groupId}
                    onClick={() => onSave(role)}
                    aria-label={t('roles.matrix.saveRole', { name: role.name })}
                  >
                    {t('roles.matrix.save')}
                  </Button>
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
