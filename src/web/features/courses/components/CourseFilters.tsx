import { Box, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CoursePeriod } from '../../../../shared/contract/course-list';
import { OFFER_TYPES, type UseType } from '../../../../shared/status';
import type { CourseList } from '../api';

export type Period = CoursePeriod;
/** The course type filter: one use type of the contract, or all of them. */
export type UseTypeFilter = UseType | 'all';

export interface Filters {
  period: Period;
  type: UseTypeFilter;
  /** 'all_products' or a product id. */
  product: string;
  /** ALL, NONE or an offer type. */
  access: string;
  q: string;
}

interface Props {
  value: Filters;
  onChange: (patch: Partial<Filters>) => void;
  /** Text typed in the search box (debounced into `value.q` by the page). */
  search: string;
  onSearch: (text: string) => void;
  counts?: CourseList['periodCounts'];
  products: CourseList['products'];
}

/** Period (current by default), course type (studentuse), product (all_products), access, text search. */
export function CourseFilters({ value, onChange, search, onSearch, counts, products }: Props) {
  const { t } = useTranslation();
  const periods: Period[] = ['current', 'future', 'past'];
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="period-label">
          {t('institutions.filters.period')}
        </Text>
        {/* long labels (French counts) scroll inside their own box at 390 px, never the page */}
        <Box maw="100%" style={{ overflowX: 'auto' }}>
          <SegmentedControl
            aria-labelledby="period-label"
            value={value.period}
            onChange={(v) => onChange({ period: v as Period })}
            data={periods.map((p) => ({
              value: p,
              label: counts
                ? t('institutions.filters.periodCount', { label: t(`status.period.${p}`), count: counts[p] })
                : t(`status.period.${p}`),
            }))}
            data-testid="period-filter"
            w="fit-content"
          />
        </Box>
      </Stack>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('institutions.filters.courseType')}
          value={value.type}
          onChange={(v) => onChange({ type: (v as UseTypeFilter) ?? 'studentuse' })}
          allowDeselect={false}
          data={(['studentuse', 'instructoruse', 'all'] as const).map((v) => ({
            value: v,
            label: t(`status.useType.${v}`),
          }))}
          w={200}
          data-testid="type-filter"
        />
        <Select
          label={t('institutions.filters.product')}
          value={value.product}
          onChange={(v) => onChange({ product: v ?? 'all_products' })}
          allowDeselect={false}
          searchable
          data={[
            { value: 'all_products', label: t('institutions.filters.allProducts') },
            ...products.map((p) => ({ value: String(p.productId), label: p.productName })),
          ]}
          w={320}
          data-testid="product-filter"
        />
        <Select
          label={t('institutions.filters.access')}
          value={value.access}
          onChange={(v) => onChange({ access: v ?? 'ALL' })}
          allowDeselect={false}
          data={[
            { value: 'ALL', label: t('institutions.filters.allAccess') },
            ...OFFER_TYPES.map((o) => ({ value: o, label: t(`status.offerType.${o}`) })),
            { value: 'NONE', label: t('status.offerType.none') },
          ]}
          w={220}
          data-testid="access-filter"
        />
        <TextInput
          label={t('institutions.filters.search')}
          placeholder={t('institutions.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 240 }}
          data-testid="course-search"
        />
      </Group>
    </Stack>
  );
}
