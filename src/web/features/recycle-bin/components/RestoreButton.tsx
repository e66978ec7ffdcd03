import { Button } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecycleEntry } from '../api';

export interface RestoreProps {
  onRestore: (e: RecycleEntry) => void;
  /** The entry whose restore is under way, if any. */
  restoringId: number | null;
}

/** The Restore button of one removed entry. */
export function RestoreButton({ entry: e, onRestore, restoringId }: RestoreProps & { entry: RecycleEntry }) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRestore size={14} aria-hidden="true" />}
      onClick={() => onRestore(e)}
      loading={restoringId === e.id}
      aria-label={t('recycleBin.restoreNamed', { name: e.name })}
      data-testid="restore"
    >
      {t('recycleBin.restore')}
    </Button>
  );
}
