import { Anchor } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '../../../../shared/permissions';
import { useAppSession } from '../../../session';
import { historyPath } from '../api';

/** "History of this item": the audit page filtered on one entity, for whom may read the audit log. */
export function HistoryLink({ entityType, entityId }: { entityType: string; entityId: string | number }) {
  const { t } = useTranslation();
  const { capabilities } = useAppSession();
  if (!can(capabilities, 'viewAudit')) return null;
  return (
    <Anchor
      component={Link}
      to={historyPath(entityType, entityId)}
      size="sm"
      data-testid="history-link"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconHistory size={16} aria-hidden="true" />
      {t('audit.history')}
    </Anchor>
  );
}
