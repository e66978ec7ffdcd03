import { Alert, Button, Group, LoadingOverlay, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconFileOff, IconPlus, IconUserSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Pager } from '../../../components/Pager';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SORT_FIELDS } from '../../../../shared/contract/courses';
import { can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { useAppSession } from '../../../session';
import { errorText } from '../../../lib/error-text';
import { courseKeys, useCourseEditors } from '../../courses';
import { CopyabilityCell, CopyStatusPanel, usePageCopyability } from '../../course-copy';
import { type CourseRow, institutionDataKeys, useInstitutionData } from '../api';
import { CourseFilters, type Filters, type Period, type UseTypeFilter } from '../components/CourseFilters';
import { CourseListSelectionActions, courseRowMenuItems } from '../components/CourseListActions';
import { CourseTable, type SortField } from '../components/CourseTable';
import { InstitutionSearch } from '../components/InstitutionSearch';
import { OptOutModal } from '../../opt-out';
import { ReportsMenu } from '../../reports';

const PAGE_SIZES = ['25', '50', '100'];
const DEFAULTS = {
  period: 'current',
  type: 'studentuse',
  product: 'all_products',
  access: 'ALL',
  q: '',
} as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Filters, sort and page live in the URL, so back and reload keep them. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    period: oneOf<Period>(params.get('period'), ['current', 'future', 'past'], DEFAULTS.period),
    type: oneOf<UseTypeFilter>(params.get('type'), ['studentuse', 'instructoruse', 'all'], DEFAULTS.type),
    product: params.get('product') ?? DEFAULTS.product,
    access: params.get('access') ?? DEFAULTS.access,
    q: params.get('q') ?? DEFAULTS.q,
  };
  const sort = oneOf<SortField>(params.get('sort'), SORT_FIELDS, 'courseName');
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(oneOf(params.get('size'), PAGE_SIZES, '25'));
  const update = (patch: Record<string, string | number | null>, resetPage = true) =>
    setParams(
      () => {
        // the live address, not the last render's: two quick changes both stay
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(patch)) {
          const isDefault = v === null || v === '' || (DEFAULTS as Record<string, string>)[k] === String(v);
          if (isDefault) next.delete(k);
          else next.set(k, String(v));
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, sort, order, page, pageSize, update } as const;
}

/** /institution: the chosen institution's courses by period, with filters, search, paging and actions. */
export default function InstitutionIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { institution, capabilities } = useAppSession();
  const orgId = institution?.orgId ?? null;
  const { filters, sort, order, page, pageSize, update } = useListState();
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState(new Map<number, CourseRow>());
  const [optOutOpen, setOptOutOpen] = useState(false);
  const editors = useCourseEditors(orgId ?? 0);
  const queryClient = useQueryClient();
  // a finished copy: the course lists and details show the new courses without a reload
  const refreshCourses = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: institutionDataKeys.all });
    void queryClient.invalidateQueries({ queryKey: courseKeys.all });
  }, [queryClient]);

  // the typed search reaches the URL (and the server) once typing pauses
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text triggers it
  useEffect(() => {
    if (debounced !== filters.q) update({ q: debounced });
  }, [debounced]);

  const filterKey = `${orgId}|${filters.period}|${filters.type}|${filters.product}|${filters.access}|${filters.q}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection belongs to one list
  useEffect(() => setSelected(new Map()), [filterKey]);

  const list = useInstitutionData(
    {
      organizationId: orgId ?? 0,
      coursePeriod: filters.period.toUpperCase(),
      filterBy: filters.type.toUpperCase(),
      productId: filters.product,
      offerType: filters.access,
      queryString: filters.q.toLowerCase(),
      page,
      pageSize,
      sort,
      order,
    },
    orgId !== null && can(capabilities, 'viewInstitution'),
  );
  const data = list.data;
  const actions = data?.actions;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const selectedRows = useMemo(() => [...selected.values()], [selected]);
  const pageIds = useMemo(() => (data?.courses ?? []).map((c) => c.sectionId), [data]);
  const copyability = usePageCopyability(orgId ?? 0, pageIds, !!actions?.copy && orgId !== null);
  const copyableOnPage = (data?.courses ?? []).filter((c) => copyability.get(c.sectionId)?.valid);
  const selectCopyable = () => setSelected(new Map(copyableOnPage.map((c) => [c.sectionId, c])));
  const ctx =
    actions && orgId ? { institutionId: orgId, actions, clearSelection: () => setSelected(new Map()) } : null;

  const toggle = (c: CourseRow) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(c.sectionId)) next.delete(c.sectionId);
      else next.set(c.sectionId, c);
      return next;
    });
  const togglePage = (all: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const c of data?.courses ?? []) {
        if (all) next.set(c.sectionId, c);
        else next.delete(c.sectionId);
      }
      return next;
    });

  const title = t('pages.institution.title');
  if (!institution) {
    return (
      <Page title={title} description={t('pages.institution.description')}>
        <InstitutionSearch />
        <Alert color="blue">{t('institutions.noInstitution')}</Alert>
      </Page>
    );
  }

  // without the dashboard right here, the shell's notice says so; no list, no error, no pager
  if (!can(capabilities, 'viewInstitution'))
    return <Page title={title} description={t('pages.institution.description')} />;

  return (
    <Page
      title={title}
      description={t('pages.institution.description')}
      actions={
        <Group gap="sm">
          {actions?.create && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => navigate('/createCourse')}
              data-testid="create-course"
            >
              {t('institutions.createCourse')}
            </Button>
          )}
          {can(capabilities, 'viewInstitution') && (
            <Button
              variant="default"
              leftSection={<IconFileOff size={16} aria-hidden="true" />}
              onClick={() => setOptOutOpen(true)}
              data-testid="opt-out-open"
            >
              {t('institutions.optOut.title')}
            </Button>
          )}
          <Button component={Link} to="/institution/overview" variant="light" data-testid="overview-link">
            {t('inclusiveAccess.dashboard.title')}
          </Button>
          {actions?.reports && <ReportsMenu organizationId={institution.orgId} />}
          {can(capabilities, 'findPeople') && (
            <Button
              variant="default"
              onClick={() => navigate('/people')}
              leftSection={<IconUserSearch size={16} aria-hidden="true" />}
              data-testid="find-person"
            >
              {t('people.open')}
            </Button>
          )}
        </Group>
      }
    >
      <InstitutionSearch />
      {actions?.copy && <CopyStatusPanel organizationId={institution.orgId} onFinished={refreshCourses} />}
      <CourseFilters
        value={filters}
        onChange={(patch) => update(patch)}
        search={search}
        onSearch={setSearch}
        counts={data?.periodCounts}
        products={data?.products ?? []}
      />
      {list.isError && (
        <Alert color="red" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <Group justify="space-between" align="center" mih={36}>
        <Group gap="md">
          {data && (
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="course-total">
              {t('institutions.table.total', { count: data.total })}
            </Text>
          )}
          {selected.size > 0 && (
            <Text size="sm" fw={500} data-testid="selected-count">
              {t('institutions.table.selected', { count: selected.size })}
            </Text>
          )}
          {actions?.copy && copyability.size > 0 && (
            <Button
              variant="default"
              size="compact-sm"
              disabled={copyableOnPage.length === 0}
              onClick={selectCopyable}
              // a long label (French) wraps instead of widening a 390 px screen
              h="auto"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
              data-testid="select-copyable"
            >
              {t('institutions.table.selectCopyable', { count: copyableOnPage.length })}
            </Button>
          )}
          {ctx && <CourseListSelectionActions {...ctx} selected={selectedRows} />}
        </Group>
      </Group>
      <Stack gap="md" pos="relative">
        <LoadingOverlay visible={list.isFetching && !list.isPending} zIndex={5} overlayProps={{ blur: 1 }} />
        {data && ctx && (
          <CourseTable
            courses={data.courses}
            actions={data.actions}
            selectable={data.actions.copy}
            sort={sort}
            order={order}
            onSort={(field) =>
              update({ sort: field, order: field === sort && order === 'asc' ? 'desc' : 'asc' }, false)
            }
            selected={selected}
            onToggle={toggle}
            onTogglePage={togglePage}
            onEdit={(c) => editors.openEdit(c)}
            onInstructors={(c) => editors.openInstructors(c)}
            onRemove={(c) => editors.remove(c)}
            extraItems={(c) => courseRowMenuItems(c, ctx)}
            copyCell={
              data.actions.copy ? (c) => <CopyabilityCell check={copyability.get(c.sectionId)} /> : undefined
            }
            caption={t('institutions.table.caption', {
              institution: institution.displayName.toUpperCase(),
              period: t(`status.period.${filters.period}`),
            })}
          />
        )}
        <Group justify="space-between">
          <Pager total={pages} value={Math.min(page, pages)} onChange={(p) => update({ page: p }, false)} />
          <Select
            aria-label={t('institutions.table.pageSize')}
            data={PAGE_SIZES}
            value={String(pageSize)}
            onChange={(v) => update({ size: v === '25' ? null : v })}
            allowDeselect={false}
            w={90}
          />
        </Group>
      </Stack>
      {optOutOpen && (
        <OptOutModal
          organizationId={institution.orgId}
          canManage={!!actions?.optOut}
          onClose={() => setOptOutOpen(false)}
        />
      )}
      {editors.modals}
    </Page>
  );
}
