import { Alert, Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatUsDate } from '../../../../shared/validation';
import { Page } from '../../../components/Page';
import { useErrorText } from '../../../lib/error-text';
import { usePairing } from '../api';
import { ReadinessBadge } from '../components/badges';
import { DurationsForm } from '../components/DurationsForm';
import { useConfirmRemove } from '../components/PairingTable';

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value ?? '—'}</Text>
    </div>
  );
}

/** /products/pairing/:pairingId: one LMS course pairing: its durations (editable) and removal. */
export default function ProductCoursePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const pairingId = Number(useParams().pairingId);
  const q = usePairing(Number.isInteger(pairingId) && pairingId > 0 ? pairingId : 0);
  const confirmRemove = useConfirmRemove();
  const p = q.data?.pairing;

  return (
    <Page title={t('pages.productCourse.title')} description={t('pages.productCourse.description')}>
      <Anchor component={Link} to="/products" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden="true" />
          {t('products.backToList')}
        </Group>
      </Anchor>
      {q.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : q.isError || !p ? (
        <Alert color="red" data-testid="pairing-error">
          {errorText(q.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              <Field label={t('products.columns.lmsCourse')} value={p.lmsCourseName ?? p.lmsCourseId} />
              <Field label={t('products.pair.lmsCourseId')} value={p.lmsCourseId} />
              <Field label={t('products.columns.institution')} value={p.institutionName} />
              <Field label={t('products.columns.product')} value={`${p.productName} (${p.isbn})`} />
              <Field
                label={t('products.columns.lms')}
                value={`${p.integrationName ?? '—'}${p.integrationEnabled ? '' : ` (${t('products.integrationDisabled')})`}`}
              />
              <Field label={t('products.pair.customCourseId')} value={p.customCourseId} />
              <Field
                label={t('products.columns.courseDates')}
                value={`${formatUsDate(p.courseStartDate)} – ${formatUsDate(p.courseEndDate)}`}
              />
              <Field
                label={t('products.columns.readiness')}
                value={<ReadinessBadge readiness={p.readiness} />}
              />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md">
            {q.data.canEdit ? (
              <DurationsForm key={`${p.pairingId}-${p.updatedAt}`} pairing={p} />
            ) : (
              <SimpleGrid cols={2}>
                <Field label={t('products.fields.censusDuration')} value={p.censusDuration} />
                <Field label={t('products.fields.freeAccessDuration')} value={p.freeAccessDuration} />
                <Field label={t('products.columns.censusDate')} value={formatUsDate(p.censusDate)} />
                <Field
                  label={t('products.columns.freeAccessEnd')}
                  value={formatUsDate(p.freeAccessEndDate)}
                />
              </SimpleGrid>
            )}
          </Paper>
          {q.data.canEdit && (
            <Group>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => confirmRemove(p, () => navigate('/products'))}
                data-testid="remove-pairing"
              >
                {t('products.remove.title')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Page>
  );
}
