import { Button } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../../shared/permissions';
import { useAppSession } from '../../../session';
import { ExplainAccessModal } from './ExplainAccessModal';

/**
 * "Explain access": for whoever may read the institution's audit log (the server answers the same
 * rule). `user`: the user of the page the button is on, chosen in advance.
 */
export function ExplainAccessButton({ user }: { user?: { id: number; displayName: string } }) {
  const { t } = useTranslation();
  const { capabilities } = useAppSession();
  const [open, setOpen] = useState(false);
  if (!can(capabilities, 'viewAudit')) return null;
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconHelpCircle size={16} aria-hidden="true" />}
        onClick={() => setOpen(true)}
        data-testid="explain-access-open"
      >
        {t('accessExplain.open')}
      </Button>
      {open && <ExplainAccessModal user={user} onClose={() => setOpen(false)} />}
    </>
  );
}
