import { Button, Table, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyErrorText, notifySuccess } from '../../../lib/notify';
import { type RosterSync, useSyncRoster } from '../api';
import { formatDateTime } from './format';

/** Text of a roster-sync reason code (lti.roster.*), else the code itself. */
export function RosterReason({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const key = `lti.roster.reasons.${code.replace(/^lti\.roster\./, '')}`;
  return <>{i18n.exists(key) ? (t as unknown as (k: string) => string)(key) : code}</>;
}

/** The registration's paired courses offering NRPS: last roster sync, counts, last error, "Sync roster now". */
export function RosterSyncs({
  registrationId,
  syncs,
  canEdit,
}: {
  registrationId: number;
  syncs: RosterSync[];
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const sync = useSyncRoster();
  const date = (v: string | null) => (v ? formatDateTime(v, i18n.language) : t('lti.never'));
  const syncNow = (pairingId: number) =>
    sync.mutate(
      { registrationId, pairingId },
      {
        onSuccess: (s) =>
          s.lastError ? notifyErrorText(t('lti.roster.failed')) : notifySuccess(t('lti.roster.synced')),
        onError: notifyError,
      },
    );
  return (
    <>
      <Title order={3} size="h5">
        {t('lti.roster.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('lti.roster.hint')}
      </Text>
      {syncs.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="lti-roster-none">
          {t('lti.roster.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="lti-roster">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lti.roster.course')}</Table.Th>
                <Table.Th>{t('lti.roster.lastSync')}</Table.Th>
                <Table.Th>{t('lti.roster.counts')}</Table.Th>
                <Table.Th>{t('lti.roster.lastError')}</Table.Th>
                {canEdit && <Table.Th>{t('lti.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {syncs.map((s) => (
                <Table.Tr key={s.pairingId} data-testid="lti-roster-row">
                  <Table.Td>{s.lmsCourseName ?? s.lmsCourseId}</Table.Td>
                  <Table.Td data-testid="lti-roster-last">{date(s.lastSyncAt)}</Table.Td>
                  <Table.Td data-testid="lti-roster-counts">
                    {s.counts ? t('lti.roster.countsText', s.counts) : '—'}
                  </Table.Td>
                  <Table.Td data-testid="lti-roster-error">
                    {s.lastError ? (
                      <>
                        <RosterReason code={s.lastError} /> ({date(s.lastErrorAt)})
                        {s.resuming && (
                          <Text size="xs" c="dimmed">
                            {t('lti.roster.resuming')}
                          </Text>
                        )}
                      </>
                    ) : (
                      t('lti.noError')
                    )}
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconUsersGroup size={14} aria-hidden="true" />}
                        loading={sync.isPending && sync.variables?.pairingId === s.pairingId}
                        onClick={() => syncNow(s.pairingId)}
                        data-testid="lti-roster-sync"
                      >
                        {t('lti.roster.syncNow')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
