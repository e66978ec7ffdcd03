import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../../shared/permissions';
import { useAppSession } from '../../../session';
import { StartActAsModal } from './StartActAsModal';

/**
 * Header entry that opens the act-as dialog: super admins and nasupport holders, not while acting.
 * `menuEntry`: as a labelled button, for the small-screen menu.
 */
export function ActAsButton({ className, menuEntry = false }: { className?: string; menuEntry?: boolean }) {
  const { t } = useTranslation();
  const { session, institution, capabilities } = useAppSession();
  const [open, setOpen] = useState(false);
  if (session.actAs || !institution || !can(capabilities, 'actAs')) return null;
  return (
    <>
      {menuEntry ? (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconUserShare size={16} aria-hidden="true" />}
          onClick={() => setOpen(true)}
          data-testid="menu-act-as"
        >
          {t('actAs.menuLink')}
        </Button>
      ) : (
        <Tooltip label={t('actAs.menuLink')}>
          <ActionIcon
            className={className}
            variant="subtle"
            aria-label={t('actAs.menuLink')}
            onClick={() => setOpen(true)}
            data-testid="act-as-open"
          >
            <IconUserShare size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
      {open && (
        <StartActAsModal
          organizationId={institution.orgId}
          institutionName={institution.displayName}
          mayAllowWrites={session.superAdmin}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
