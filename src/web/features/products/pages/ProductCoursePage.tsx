import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatUsDate } from '../../../../shared/validation';
import { DetailField, DetailSection } from '../../../components/DetailSection';
import { Page } from '../../../components/Page';
import { useErrorText } from '../../../lib/error-text';
import { usePairing } from '../api';
import { ReadinessBadge } from '../components/badges';
import { DurationsForm } from '../components/DurationsForm';
import { useConfirmRemove } from '../components/PairingTable';

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
            <DetailSection cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              <DetailField label={t('products.columns.lmsCourse')}>
                {p.lmsCourseName ?? p.lmsCourseId}
              </DetailField>
              <DetailField label={t('products.pair.lmsCourseId')}>{p.lmsCourseId}</DetailField>
              <DetailField label={t('products.columns.institution')}>{p.institutionName}</DetailField>
              <DetailField label={t('products.columns.product')}>
                {p.productName} ({p.isbn})
              </DetailField>
              <DetailField label={t('products.columns.lms')}>
                {`${p.integrationName ?? '—'}${p.integrationEnabled ? '' : ` (${t('products.integrationDisabled')})`}`}
              </DetailField>
              <DetailField label={t('products.pair.customCourseId')}>{p.customCourseId ?? '—'}</DetailField>
              <DetailField label={t('products.columns.courseDates')}>
                {`${formatUsDate(p.courseStartDate)} – ${formatUsDate(p.courseEndDate)}`}
              </DetailField>
              <DetailField label={t('products.columns.readiness')}>
                <ReadinessBadge readiness={p.readiness} />
              </DetailField>
            </DetailSection>
          </Paper>
          <Paper withBorder p="md">
            {q.data.canEdit ? (
              <DurationsForm key={`${p.pairingId}-${p.updatedAt}`} pairing={p} />
            ) : (
              <DetailSection cols={2} spacing="sm">
                <DetailField label={t('products.fields.censusDuration')}>
                  {p.censusDuration ?? '—'}
                </DetailField>
                <DetailField label={t('products.fields.freeAccessDuration')}>
                  {p.freeAccessDuration ?? '—'}
                </DetailField>
                <DetailField label={t('products.columns.censusDate')}>
                  {formatUsDate(p.censusDate)}
                </DetailField>
                <DetailField label={t('products.columns.freeAccessEnd')}>
                  {formatUsDate(p.freeAccessEndDate)}
                </DetailField>
              </DetailSection>
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
