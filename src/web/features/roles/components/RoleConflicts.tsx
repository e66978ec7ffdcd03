import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '../api';

/** One notice per role whose save lost to someone else's: their change is shown, our toggles kept. */
export function RoleConflicts({
  conflicts,
  roles,
}: {
  conflicts: Record<number, string>;
  roles: RoleItem[];
}) {
  const { t } = useTranslation();
  return Object.entries(conflicts).map(([id, message]) => (
    <Alert
      key={id}
      color="orange"
      title={roles.find((r) => r.groupId === Number(id))?.name}
      data-testid="role-conflict"
    >
      {message} {t('roles.conflictKept')}
    </Alert>
  ));
}
