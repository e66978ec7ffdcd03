import { Alert, Button, Card, Group, Loader, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { downloadFile } from '../../../lib/download';
import { useErrorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { inclusiveAccessApi } from '../../../../shared/contract/inclusive-access';
import { formatUsDate } from '../../../../shared/validation';
import { useCensusReport } from '../api';

const TOTALS = [
  'enrollments',
  'billable',
  'nonBillable',
  'optedOut',
  'trialRunning',
  'lateOverrides',
] as const;

/** The census report of the institution's current courses: totals, a line per course, and the per-student files. */
export default function CensusReportPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { institution } = useAppSession();
  const organizationId = institution?.orgId ?? null;
  const q = useCensusReport(organizationId);
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const k = 'inclusiveAccess.census';
  const download = async (format: 'csv' | 'xlsx') => {
    if (organizationId === null) return;
    setBusy(format);
    try {
      const name = await downloadFile(
        inclusiveAccessApi.censusStudents.path,
        { organizationId, coursePeriod: 'current', format },
        `Census.${format}`,
      );
      notifySuccess(t('institutions.reports.downloaded', { file: name }));
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };
  const d = q.data;
  return (
    <Page title={t(`${k}.title`)} description={t(`${k}.description`)}>
      <Group mb="md" gap="sm">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={busy === format}
            onClick={() => void download(format)}
            data-testid={`census-download-${format}`}
          >
            {t(`${k}.download.${format}`)}
          </Button>
        ))}
      </Group>
      {q.isPending && <Loader aria-label={t(`${k}.loading`)} />}
      {q.isError && <Alert color="red">{errorText(q.error)}</Alert>}
      {d && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md" data-testid="census-totals">
            {TOTALS.map((key) => (
              <Card withBorder key={key} padding="sm">
                <Text size="sm">{t(`${k}.columns.${key}`)}</Text>
                <Text fw={700} size="xl" data-total={key}>
                  {d.totals[key]}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Title order={2} size="h4" mb="sm" id="census-courses">
            {t(`${k}.courses`)}
          </Title>
          {d.courses.length === 0 ? (
            <Text>{t(`${k}.none`)}</Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-labelledby="census-courses" data-testid="census-courses">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t(`${k}.columns.course`)}</Table.Th>
                    <Table.Th>{t(`${k}.columns.census`)}</Table.Th>
                    {TOTALS.map((key) => (
                      <Table.Th key={key}>{t(`${k}.columns.${key}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.courses.map((c) => (
                    <Table.Tr key={c.sectionId}>
                      <Table.Td>
                        {c.courseName}
                        {c.sectionCode ? ` (${c.sectionCode})` : ''}
                      </Table.Td>
                      <Table.Td>{c.censusDate ? formatUsDate(c.censusDate) : t(`${k}.notSet`)}</Table.Td>
                      {TOTALS.map((key) => (
                        <Table.Td key={key}>{c[key]}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Page>
  );
}
