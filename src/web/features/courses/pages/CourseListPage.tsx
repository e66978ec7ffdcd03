import { Alert, Group, LoadingOverlay, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../../shared/permissions';
import { Page } from '../../../components/Page';
import { Pager } from '../../../components/Pager';
import { errorText } from '../../../lib/error-text';
import { useAppSession } from '../../../session';
import { CopyabilityCell, CopyStatusPanel, usePageCopyability } from '../../course-copy';
import { type Institution, InstitutionSearch } from '../../institutions';
import { OptOutModal } from '../../opt-out';
import { courseKeys, courseListKeys, useCourseList } from '../api';
import { CourseFilters } from '../components/CourseFilters';
import { courseRowMenuItems } from '../components/CourseListActions';
import { CourseListPageActions } from '../components/CourseListPageActions';
import { CourseListToolbar } from '../components/CourseListToolbar';
import { CourseTable } from '../components/CourseTable';
import { useCourseEditors } from '../components/useCourseEditors';
import { PAGE_SIZES, useCourseListState, useCourseSelection } from '../components/useCourseListState';

/** /institution: the chosen institution's courses by period, with filters, search, paging and actions. */
export default function CourseListPage() {
  const { t } = useTranslation();
  const { institution, capabilities } = useAppSession();
  const title = t('pages.institution.title');
  if (!institution) {
    return (
      <Page title={title} description={t('pages.institution.description')}>
        <SessionInstitutionSearch />
        <Alert color="blue">{t('institutions.noInstitution')}</Alert>
      </Page>
    );
  }
  // without the dashboard right here, the shell's notice says so; no list, no error, no pager
  if (!can(capabilities, 'viewInstitution'))
    return <Page title={title} description={t('pages.institution.description')} />;
  return <CourseListOf institution={institution} />;
}

/** The state, list, selection and copy checks of one institution's course list. */
function useCourseListPage(orgId: number) {
  const state = useCourseListState();
  const { filters, sort, order, page, pageSize, update } = state;
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), 300);

  // the typed search reaches the URL (and the server) once typing pauses
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text triggers it
  useEffect(() => {
    if (debounced !== filters.q) update({ q: debounced });
  }, [debounced]);

  const list = useCourseList({
    organizationId: orgId,
    coursePeriod: filters.period.toUpperCase(),
    filterBy: filters.type.toUpperCase(),
    productId: filters.product,
    offerType: filters.access,
    queryString: filters.q.toLowerCase(),
    page,
    pageSize,
    sort,
    order,
  });
  const data = list.data;
  const actions = data?.actions;
  const rows = useMemo(() => data?.courses ?? [], [data]);
  const filterKey = `${orgId}|${filters.period}|${filters.type}|${filters.product}|${filters.access}|${filters.q}`;
  const selection = useCourseSelection(rows, filterKey);
  const pageIds = useMemo(() => rows.map((c) => c.sectionId), [rows]);
  const copyability = usePageCopyability(orgId, pageIds, !!actions?.copy);
  const copyableOnPage = rows.filter((c) => copyability.get(c.sectionId)?.valid);
  const ctx = actions ? { institutionId: orgId, actions, clearSelection: selection.clear } : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  return {
    ...state,
    search,
    setSearch,
    list,
    data,
    actions,
    pages,
    selection,
    copyability,
    copyableOnPage,
    ctx,
  };
}

/** The course list of one institution, once the caller may see it. */
function CourseListOf({ institution }: { institution: Institution }) {
  const { t } = useTranslation();
  const orgId = institution.orgId;
  const [optOutOpen, setOptOutOpen] = useState(false);
  const editors = useCourseEditors(orgId);
  const refreshCourses = useRefreshCourses();
  const page = useCourseListPage(orgId);
  const { filters, sort, order, update, list, data, actions, selection, copyability, copyableOnPage, ctx } =
    page;

  return (
    <Page
      title={t('pages.institution.title')}
      description={t('pages.institution.description')}
      actions={
        <CourseListPageActions
          organizationId={orgId}
          actions={actions}
          onOptOut={() => setOptOutOpen(true)}
        />
      }
    >
      <SessionInstitutionSearch />
      {actions?.copy && <CopyStatusPanel organizationId={orgId} onFinished={refreshCourses} />}
      <CourseFilters
        value={filters}
        onChange={(patch) => update(patch)}
        search={page.search}
        onSearch={page.setSearch}
        counts={data?.periodCounts}
        products={data?.products ?? []}
      />
      {list.isError && (
        <Alert color="red" role="alert">
          {errorText(list.error)}
        </Alert>
      )}
      <CourseListToolbar
        data={data}
        selected={selection.selectedRows}
        checked={copyability.size > 0}
        copyableOnPage={copyableOnPage}
        onSelectCopyable={() => selection.selectOnly(copyableOnPage)}
        ctx={ctx}
      />
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
            selected={selection.selected}
            onToggle={selection.toggle}
            onTogglePage={selection.togglePage}
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
        <CourseListPager {...page} />
      </Stack>
      {optOutOpen && (
        <OptOutModal
          organizationId={orgId}
          canManage={!!actions?.optOut}
          onClose={() => setOptOutOpen(false)}
        />
      )}
      {editors.modals}
    </Page>
  );
}

/** A finished copy: the course lists and details show the new courses without a reload. */
function useRefreshCourses() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: courseListKeys.all });
    void queryClient.invalidateQueries({ queryKey: courseKeys.all });
  }, [queryClient]);
}

/** The pager and the page size under the table. */
function CourseListPager({ page, pages, pageSize, update }: ReturnType<typeof useCourseListPage>) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The institution search of the session's caller. */
function SessionInstitutionSearch() {
  const { institution, session, capabilities, chooseInstitution } = useAppSession();
  return (
    <InstitutionSearch
      institution={institution}
      own={session.institutions}
      searchAll={can(capabilities, 'searchAllInstitutions')}
      onChoose={chooseInstitution}
    />
  );
}
