import { Alert, Button, Center, EmptyState, Loader, Stack } from '@mantine/core';
import { IconTrashOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { RECYCLE_BIN_DAYS } from '../../../../shared/constants';
import type { RecycleKindT } from '../../../../shared/contract/recycle-bin';
import { type Capabilities, can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { errorText } from '../../../lib/error-text';
import { useRecycleBin } from '../api';
import { KindFilter } from '../components/KindFilter';
import { RemovedCards } from '../components/RemovedCards';
import { RemovedTable } from '../components/RemovedTable';
import { useRestoreEntry } from '../components/useRestoreEntry';

/** The kinds of entry the user may restore, each under its own right. */
const kindsFor = (capabilities: Capabilities): RecycleKindT[] => [
  ...(can(capabilities, 'deleteCourses') ? (['section'] as const) : []),
  ...(can(capabilities, 'editRoles') ? (['role'] as const) : []),
  ...(can(capabilities, 'editRoles') || can(capabilities, 'editInternalUsers')
    ? (['membership'] as const)
    : []),
];

/** /recentlyRemoved: the institution's courses, roles and role members removed in the last 30 days, with Restore. */
export default function RecentlyRemovedPage() {
  const { t } = useTranslation();
  const { institution, capabilities } = useAppSession();
  const [kind, setKind] = useState<RecycleKindT | null>(null);
  const orgId = institution?.orgId ?? 0;
  const kinds = kindsFor(capabilities);
  const allowed = institution !== null && can(capabilities, 'recycleBin');
  const bin = useRecycleBin(orgId, kind, allowed);
  const restore = useRestoreEntry(orgId);
  if (!allowed) return <Navigate to="/institution" replace />;
  const entries = bin.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Page
      title={t('recycleBin.title')}
      description={t('recycleBin.description', { name: institution.displayName, days: RECYCLE_BIN_DAYS })}
    >
      {kinds.length > 1 && <KindFilter kinds={kinds} kind={kind} onChange={setKind} />}
      {bin.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : bin.isError ? (
        <Alert color="red">{errorText(bin.error)}</Alert>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconTrashOff aria-hidden="true" />}
          withIndicatorBackground
          description={t('recycleBin.empty', { days: RECYCLE_BIN_DAYS })}
          py="xl"
          data-testid="bin-empty"
        />
      ) : (
        <Stack>
          <RemovedCards
            entries={entries}
            onRestore={restore.confirmRestore}
            restoringId={restore.restoringId}
          />
          <RemovedTable
            entries={entries}
            onRestore={restore.confirmRestore}
            restoringId={restore.restoringId}
          />
          {bin.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void bin.fetchNextPage()}
              loading={bin.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
            >
              {t('recycleBin.more')}
            </Button>
          )}
        </Stack>
      )}
    </Page>
  );
}
