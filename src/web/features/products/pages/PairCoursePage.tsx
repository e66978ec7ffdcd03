import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CUSTOM_COURSE_ID_MAX } from '../../../../shared/constants';
import { normaliseIsbn } from '../../../../shared/contract/products';
import {
  formatUsDate,
  isCustomCourseLmsKind,
  validateCensusDuration,
  validateFreeAccessDuration,
} from '../../../../shared/validation';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { useErrorText } from '../../../lib/error-text';
import { notifySuccess } from '../../../lib/notify';
import { productByIsbn, type ProductSummaryT, searchProducts, useCreatePairing, useLmsList } from '../api';

/** /products/pair: the pairing workspace. Pairs an LMS course of the chosen institution to a product. */
export default function PairCoursePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { institution } = useAppSession();
  const lms = useLmsList(institution?.orgId);
  const create = useCreatePairing();
  const [integrationId, setIntegrationId] = useState<string | null>(null);
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [lmsCourseId, setLmsCourseId] = useState('');
  const [customCourseId, setCustomCourseId] = useState('');
  const [by, setBy] = useState<'isbn' | 'search'>('isbn');
  const [isbn, setIsbn] = useState('');
  const [isbnError, setIsbnError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ProductSummaryT[]>([]);
  const [product, setProduct] = useState<ProductSummaryT | null>(null);
  const [census, setCensus] = useState('');
  const [free, setFree] = useState('0');
  const [submitted, setSubmitted] = useState(false);
  const [looking, setLooking] = useState(false);

  const integrations = lms.data?.integrationKeyStoreDTOList ?? [];
  const courses = lms.data?.courses ?? [];
  const integration = integrations.find((i) => String(i.integrationId) === integrationId);
  const course = courses.find((c) => String(c.sectionId) === sectionId);
  const customAllowed = !!integration && isCustomCourseLmsKind(integration.lmsKind);
  const censusError = validateCensusDuration(census, free);
  const freeError = validateFreeAccessDuration(free, census);
  const customError =
    customCourseId.trim().length > CUSTOM_COURSE_ID_MAX ? t('validation.customCourseIdMax') : null;

  const findByIsbn = async () => {
    setProduct(null);
    setIsbnError(null);
    // Checked here first by the same library as the server (isbn3); the server decides.
    if (!normaliseIsbn(isbn)) {
      setIsbnError(t('error.invalidProductId'));
      return;
    }
    setLooking(true);
    try {
      setProduct((await productByIsbn(isbn)).product);
    } catch (err) {
      setIsbnError(errorText(err));
    } finally {
      setLooking(false);
    }
  };
  const findByName = async () => {
    setProduct(null);
    setFound([]);
    setIsbnError(null);
    if (!query.trim()) return;
    setLooking(true);
    try {
      setFound((await searchProducts(query.trim())).products);
    } catch (err) {
      setIsbnError(errorText(err));
    } finally {
      setLooking(false);
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!institution || !integration || !course || !product || !lmsCourseId.trim()) return;
    if (censusError || freeError || customError) return;
    create.mutate(
      {
        organizationId: institution.orgId,
        integrationId: integration.integrationId,
        sectionId: course.sectionId,
        lmsCourseId: lmsCourseId.trim(),
        lmsCourseName: course.courseName,
        customCourseId: customAllowed && customCourseId.trim() ? customCourseId.trim() : undefined,
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

  const required = (ok: unknown) => (submitted && !ok ? t('validation.required') : undefined);

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
      ) : integrations.length === 0 ? (
        <Text c="dimmed" data-testid="no-integrations">
          {t('products.pair.noIntegrations', { name: institution.displayName })}
        </Text>
      ) : (
        <form onSubmit={submit} noValidate data-testid="pair-form">
          <Stack gap="md">
            <Paper withBorder p="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('products.pair.lmsStep', { name: institution.displayName })}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Select
                    label={t('products.pair.integration')}
                    data={integrations.map((i) => ({
                      value: String(i.integrationId),
                      label: `${i.name}${i.enabled ? '' : ` (${t('products.integrationDisabled')})`}`,
                    }))}
                    value={integrationId}
                    onChange={setIntegrationId}
                    error={required(integration)}
                    data-testid="integration-select"
                  />
                  <Select
                    label={t('products.pair.course')}
                    data={courses.map((c) => ({
                      value: String(c.sectionId),
                      label: `${c.courseName}${c.sectionCode ? ` · ${c.sectionCode}` : ''} (${formatUsDate(c.startDate)})`,
                    }))}
                    value={sectionId}
                    onChange={(v) => {
                      setSectionId(v);
                      const c = courses.find((x) => String(x.sectionId) === v);
                      if (c) setLmsCourseId(c.lmsCourseId);
                    }}
                    searchable
                    nothingFoundMessage={t('products.pair.noCourses')}
                    error={required(course)}
                    data-testid="course-select"
                  />
                  <TextInput
                    label={t('products.pair.lmsCourseId')}
                    value={lmsCourseId}
                    onChange={(e) => setLmsCourseId(e.currentTarget.value)}
                    error={required(lmsCourseId.trim())}
                    data-testid="lms-course-id"
                  />
                  <TextInput
                    label={t('products.pair.customCourseId')}
                    description={t('products.pair.customCourseIdHelp')}
                    value={customCourseId}
                    onChange={(e) => setCustomCourseId(e.currentTarget.value)}
                    disabled={!customAllowed}
                    error={customError}
                    data-testid="custom-course-id"
                  />
                </SimpleGrid>
              </Stack>
            </Paper>

            <Paper withBorder p="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('products.pair.productStep')}
                </Title>
                <SegmentedControl
                  value={by}
                  onChange={(v) => {
                    setBy(v as 'isbn' | 'search');
                    setProduct(null);
                    setIsbnError(null);
                  }}
                  data={[
                    { value: 'isbn', label: t('products.pair.byIsbn') },
                    { value: 'search', label: t('products.pair.bySearch') },
                  ]}
                  aria-label={t('products.pair.productStep')}
                  w="fit-content"
                />
                {by === 'isbn' ? (
                  <Group align="flex-end" wrap="wrap">
                    <TextInput
                      label={t('products.pair.isbn')}
                      description={t('products.pair.isbnHelp')}
                      value={isbn}
                      onChange={(e) => setIsbn(e.currentTarget.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          void findByIsbn();
                        }
                      }}
                      error={isbnError}
                      w={380}
                      maw="100%"
                      data-testid="isbn-input"
                    />
                    <Button variant="default" onClick={findByIsbn} loading={looking} data-testid="find-isbn">
                      {t('products.pair.find')}
                    </Button>
                  </Group>
                ) : (
                  <Stack gap="xs">
                    <Group align="flex-end" wrap="wrap">
                      <TextInput
                        label={t('products.pair.search')}
                        leftSection={<IconSearch size={16} aria-hidden="true" />}
                        value={query}
                        onChange={(e) => setQuery(e.currentTarget.value)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            void findByName();
                          }
                        }}
                        error={isbnError}
                        w={380}
                        maw="100%"
                        data-testid="name-search"
                      />
                      <Button variant="default" onClick={findByName} loading={looking}>
                        {t('products.pair.find')}
                      </Button>
                    </Group>
                    {found.length > 0 && (
                      <Select
                        label={t('products.pair.choose')}
                        data={found.map((p) => ({
                          value: String(p.productId),
                          label: `${p.productName} (${p.isbn})`,
                        }))}
                        value={product ? String(product.productId) : null}
                        onChange={(v) => setProduct(found.find((p) => String(p.productId) === v) ?? null)}
                        data-testid="found-products"
                      />
                    )}
                  </Stack>
                )}
                {product ? (
                  <Alert color="blue" data-testid="chosen-product">
                    {t('products.pair.chosen', { name: product.productName, isbn: product.isbn })}
                  </Alert>
                ) : (
                  submitted && (
                    <Text size="sm" c="red.8">
                      {t('products.pair.productRequired')}
                    </Text>
                  )
                )}
              </Stack>
            </Paper>

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
