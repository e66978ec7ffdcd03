import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { validateCensusDuration, validateFreeAccessDuration } from '../../../../shared/validation';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { type ProductSummaryT, useCreatePairing, useLmsList } from '../api';
import {
  type LmsCourseChoice,
  LmsCourseStep,
  NO_LMS_COURSE,
  resolveLmsChoice,
} from '../components/LmsCourseStep';
import { ProductPicker } from '../components/ProductPicker';

/** /products/pair: the pairing workspace. Pairs an LMS course of the chosen institution to a product. */
export default function PairCoursePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { institution } = useAppSession();
  const lms = useLmsList(institution?.orgId);
  const create = useCreatePairing();
  const [choice, setChoice] = useState<LmsCourseChoice>(NO_LMS_COURSE);
  const [product, setProduct] = useState<ProductSummaryT | null>(null);
  const [census, setCensus] = useState('');
  const [free, setFree] = useState('0');
  const [submitted, setSubmitted] = useState(false);

  const integrations = lms.data?.integrationKeyStoreDTOList ?? [];
  const { integration, course, customAllowed, customTooLong } = resolveLmsChoice(choice, lms.data);
  const censusError = validateCensusDuration(census, free);
  const freeError = validateFreeAccessDuration(free, census);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!institution || !integration || !course || !product || !choice.lmsCourseId.trim()) return;
    if (censusError || freeError || customTooLong) return;
    create.mutate(
      {
        organizationId: institution.orgId,
        integrationId: integration.integrationId,
        sectionId: course.sectionId,
        lmsCourseId: choice.lmsCourseId.trim(),
        lmsCourseName: course.courseName,
        customCourseId:
          customAllowed && choice.customCourseId.trim() ? choice.customCourseId.trim() : undefined,
        productId: product.productId,
        censusDuration: census,
        freeAccessDuration: free,
      },
      {
        onSuccess: () => {
          notifySuccess(t('products.messages.paired'));
          navigate('/products');
        },
      },
    );
  };

  return (
    <Page title={t('pages.productPair.title')} description={t('pages.productPair.description')}>
      <Anchor component={Link} to="/products" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden="true" />
          {t('products.backToList')}
        </Group>
      </Anchor>
      {!institution ? (
        <Text c="dimmed">{t('validation.institutionRequired')}</Text>
      ) : lms.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : lms.isError ? (
        <Alert color="red">{errorText(lms.error)}</Alert>
      ) : !lms.data || integrations.length === 0 ? (
        <Text c="dimmed" data-testid="no-integrations">
          {t('products.pair.noIntegrations', { name: institution.displayName })}
        </Text>
      ) : (
        <form onSubmit={submit} noValidate data-testid="pair-form">
          <Stack gap="md">
            <LmsCourseStep
              institutionName={institution.displayName}
              lms={lms.data}
              choice={choice}
              onChange={setChoice}
              submitted={submitted}
            />

            <ProductPicker product={product} onProduct={setProduct} submitted={submitted} />

            <Paper withBorder p="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('products.fields.censusDuration')}
                  value={census}
                  onChange={(e) => setCensus(e.currentTarget.value)}
                  error={(submitted || census) && censusError ? t(`validation.${censusError}`) : undefined}
                  inputMode="numeric"
                  data-testid="pair-census"
                />
                <TextInput
                  label={t('products.fields.freeAccessDuration')}
                  value={free}
                  onChange={(e) => setFree(e.currentTarget.value)}
                  error={(submitted || free) && freeError ? t(`validation.${freeError}`) : undefined}
                  inputMode="numeric"
                  data-testid="pair-free"
                />
              </SimpleGrid>
            </Paper>

            {create.isError && (
              <Alert color="red" data-testid="pair-error">
                {errorText(create.error)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending} data-testid="submit-pairing">
                {t('products.actions.pair')}
              </Button>
              <Button variant="default" component={Link} to="/products">
                {t('products.actions.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}
