import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatUsDate } from '../../../../shared/validation';
import { Page } from '../../../components/Page';
import { ApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { CopyCourseButton, CreateChildCourseButton } from '../../course-copy';
import { useCourseDetails } from '../api';
import { CourseInfo } from '../components/CourseInfo';
import { CourseRowsTable } from '../components/CourseRowsTable';
import { CourseTypeBadge } from '../../../components/StatusBadges';
import { useCourseEditors } from '../components/useCourseEditors';
import { HistoryLink } from '../../audit';
import { CourseRosterSync } from '../../lti';
import { RosterTable } from '../../rosters';

/**
 * /institution/courseDetail/:sectionId and /institution/courseDetail/:id/:urn? : one course in the
 * master view (with its children), the child view (with its master), the master-child view (both)
 * or the standalone view.
 * A load failure shows the error alert and goes back (spec §4).
 */
export default function CourseDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const sectionId = Number(params.sectionId ?? params.id);
  const details = useCourseDetails(sectionId, search.get('view') === 'masterChild');
  const failed = useRef(false);

  useEffect(() => {
    if (failed.current) return;
    if (details.isError || !Number.isInteger(sectionId) || sectionId <= 0) {
      failed.current = true;
      // A malformed id (e.g. /institution/courseDetail/abc) names no course: the not-found path.
      notifyError(
        details.isError ? details.error : new ApiError({ status: 404, message: 'error.courseNotFound' }),
      );
      if (window.history.state?.idx > 0) navigate(-1);
      else navigate('/institution', { replace: true });
    }
  }, [details.isError, details.error, sectionId, navigate]);

  const course = details.data?.course;
  const editors = useCourseEditors(course?.institutionId ?? 0);

  if (!details.data || !course) {
    return (
      <Page title={t('pages.courseDetail.title')}>
        <Group justify="center" py="xl">
          <Loader aria-label={t('app.loading')} />
        </Group>
      </Page>
    );
  }
  const { view, master, children, actions } = details.data;
  const tab = search.get('tab') ?? 'info';
  const hasChildrenTab = view === 'master' || view === 'masterChild';

  return (
    <Page title={course.courseName}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm">
          <Anchor component={Link} to="/institution" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              {t('courses.detail.back')}
            </Group>
          </Anchor>
          <CourseTypeBadge type={course.courseType} />
          <Badge variant="outline" color="gray" tt="none" data-testid="course-view">
            {t(`courses.detail.view.${view}`)}
          </Badge>
          <Text size="sm" c="dimmed">
            {course.institutionName}
          </Text>
          <HistoryLink entityType="section" entityId={course.sectionId} />
        </Group>
        <Group gap="sm" data-testid="course-actions">
          {actions.edit && (
            <>
              <Button
                variant="light"
                leftSection={<IconEdit size={16} aria-hidden="true" />}
                onClick={() => editors.openEdit(course)}
                data-testid="edit-course"
              >
                {t('courses.actions.edit')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconUsers size={16} aria-hidden="true" />}
                onClick={() => editors.openInstructors(course)}
                data-testid="edit-instructor"
              >
                {t('courses.actions.instructor')}
              </Button>
            </>
          )}
          {actions.copy && (
            <>
              <CopyCourseButton organizationId={course.institutionId} course={course} />
              <CreateChildCourseButton organizationId={course.institutionId} parent={course} />
            </>
          )}
          {actions.delete && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => editors.remove(course, () => navigate('/institution', { replace: true }))}
              data-testid="remove-section"
            >
              {t('courses.actions.remove')}
            </Button>
          )}
        </Group>
      </Group>

      {master && (
        <Card withBorder padding="md" data-testid="master-course">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('courses.detail.master')}
            </Text>
            <Anchor component={Link} to={`/institution/courseDetail/${master.sectionId}`} fw={600}>
              {master.courseName}
            </Anchor>
            <Text size="sm" c="dimmed">
              {formatUsDate(master.startDate)} – {formatUsDate(master.endDate)}
            </Text>
          </Stack>
        </Card>
      )}

      <CourseRosterSync sectionId={course.sectionId} />

      <Tabs
        value={tab}
        onChange={(v) =>
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (v && v !== 'info') next.set('tab', v);
              else next.delete('tab');
              return next;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="info">{t('courses.detail.tabs.info')}</Tabs.Tab>
          <Tabs.Tab value="roster" data-testid="roster-tab">
            {t('courses.detail.tabs.roster')} ({course.enrollmentCount})
          </Tabs.Tab>
          {hasChildrenTab && (
            <Tabs.Tab value="children">
              {t('courses.detail.tabs.children')} ({children.length})
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="info" pt="lg">
          <CourseInfo course={course} />
        </Tabs.Panel>
        <Tabs.Panel value="roster" pt="lg">
          <RosterTable sectionId={course.sectionId} />
        </Tabs.Panel>
        {hasChildrenTab && (
          <Tabs.Panel value="children" pt="lg">
            <CourseRowsTable rows={children} empty={t('courses.detail.noChildren')} masterChild />
          </Tabs.Panel>
        )}
      </Tabs>
      {!actions.edit && !actions.delete && (
        <Alert color="gray" variant="light" data-testid="read-only-course">
          {t('courses.detail.readOnly')}
        </Alert>
      )}
      {editors.modals}
    </Page>
  );
}
