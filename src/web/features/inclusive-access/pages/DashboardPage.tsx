import '@mantine/charts/styles.css';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { useErrorText } from '../../../lib/error-text';
import { useDashboard } from '../api';
import { ChartWithTable } from '../components/ChartWithTable';

/** The institution overview: enrollment by period, opt-outs near census, pairing, copies, low enrollment. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { institution } = useAppSession();
  const q = useDashboard(institution?.orgId ?? null);
  const d = q.data;
  const k = 'inclusiveAccess.dashboard';
  return (
    <Page title={t(`${k}.title`)} description={t(`${k}.description`)}>
      <Group mb="md">
        <Button component={Link} to="/institution/census" variant="light" data-testid="census-link">
          {t('inclusiveAccess.census.link')}
        </Button>
      </Group>
      {q.isPending && <Loader aria-label={t(`${k}.loading`)} />}
      {q.isError && <Alert color="red">{errorText(q.error)}</Alert>}
      {d && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ChartWithTable
            testId="dash-periods"
            title={t(`${k}.periods`)}
            columns={[
              { key: 'period', label: t(`${k}.period`) },
              { key: 'courses', label: t(`${k}.courses`) },
              { key: 'students', label: t(`${k}.students`) },
            ]}
            rows={d.enrollmentByPeriod.map((p) => ({ ...p, period: t(`${k}.periodName.${p.period}`) }))}
            empty={t(`${k}.none`)}
          />
          <ChartWithTable
            testId="dash-optout"
            title={t(`${k}.optOut`)}
            columns={[
              { key: 'course', label: t(`${k}.course`) },
              { key: 'rate', label: t(`${k}.rate`) },
            ]}
            rows={d.optOutNearCensus.map((c) => ({
              course: c.courseName,
              rate: Math.round((100 * c.optedOut) / c.students),
            }))}
            empty={t(`${k}.none`)}
          />
          <Card withBorder data-testid="dash-pairing">
            <Title order={2} size="h4" mb="sm">
              {t(`${k}.pairing`)}
            </Title>
            <Group gap="xl">
              <Text>
                {t(`${k}.paired`)}: <strong>{d.pairing.paired}</strong>
              </Text>
              <Text>
                {t(`${k}.unpaired`)}: <strong>{d.pairing.unpaired}</strong>
              </Text>
            </Group>
          </Card>
          <ChartWithTable
            testId="dash-copies"
            title={t(`${k}.copies`)}
            columns={[
              { key: 'status', label: t(`${k}.status`) },
              { key: 'count', label: t(`${k}.count`) },
            ]}
            rows={d.copyOutcomes.map((c) => ({
              status: i18n.exists(`courseCopy.status.${c.status}`)
                ? t(`courseCopy.status.${c.status}` as never)
                : c.status,
              count: c.count,
            }))}
            empty={t(`${k}.none`)}
          />
          <ChartWithTable
            testId="dash-low"
            title={t(`${k}.low`, { threshold: d.lowEnrollmentThreshold })}
            columns={[
              { key: 'course', label: t(`${k}.course`) },
              { key: 'students', label: t(`${k}.students`) },
            ]}
            rows={d.lowEnrollment.map((c) => ({ course: c.courseName, students: c.students }))}
            empty={t(`${k}.none`)}
          />
        </SimpleGrid>
      )}
    </Page>
  );
}
