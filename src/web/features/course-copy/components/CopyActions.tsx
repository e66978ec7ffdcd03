import { Button, Menu, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconSitemap } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ChildParent, CreateChildCourseDialog } from './CreateChildCourseDialog';
import { CopyCoursesDialog, type CopySource } from './CopyCoursesDialog';

const COPY_MODAL = 'course-copy';
const CHILD_MODAL = 'course-child';

/**
 * Openers of the copy and child-course dialogs (Mantine's modal manager: they outlive the menu or
 * button that opened them). Callers show them only where the page's `actions.copy` is true.
 */
export function useCopyDialogs() {
  const { t } = useTranslation();
  return {
    openCopy: (organizationId: number, sections: CopySource[], onDone?: () => void) =>
      modals.open({
        modalId: COPY_MODAL,
        title:
          sections.length > 1
            ? t('courseCopy.dialog.titleMany', { count: sections.length })
            : t('courseCopy.dialog.titleOne'),
        size: 'lg',
        children: (
          <CopyCoursesDialog
            organizationId={organizationId}
            sections={sections}
            onDone={onDone}
            onClose={() => modals.close(COPY_MODAL)}
          />
        ),
      }),
    openChild: (organizationId: number, parent: ChildParent, onDone?: () => void) =>
      modals.open({
        modalId: CHILD_MODAL,
        title: t('courseCopy.child.title'),
        size: 'md',
        children: (
          <CreateChildCourseDialog
            organizationId={organizationId}
            parent={parent}
            onDone={onDone}
            onClose={() => modals.close(CHILD_MODAL)}
          />
        ),
      }),
  };
}

/** "Copy N courses" for the selected rows of the course list. */
export function CopyCoursesButton({
  organizationId,
  sections,
  onDone,
}: {
  organizationId: number;
  sections: CopySource[];
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const { openCopy } = useCopyDialogs();
  const none = sections.length === 0;
  const button = (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconCopy size={16} aria-hidden="true" />}
      disabled={none}
      onClick={() => openCopy(organizationId, sections, onDone)}
      data-testid="copy-selected"
    >
      {none ? t('courseCopy.actions.copy') : t('courseCopy.actions.copySelected', { count: sections.length })}
    </Button>
  );
  return none ? <Tooltip label={t('courseCopy.actions.selectFirst')}>{button}</Tooltip> : button;
}

/** Row menu items: copy this course; create a child course of it (not for a child). */
export function CourseCopyMenuItems({
  organizationId,
  course,
}: {
  organizationId: number;
  course: ChildParent & { courseType: string };
}) {
  const { t } = useTranslation();
  const { openCopy, openChild } = useCopyDialogs();
  return (
    <>
      <Menu.Item
        leftSection={<IconCopy size={16} aria-hidden="true" />}
        onClick={() => openCopy(organizationId, [course])}
        data-testid="copy-course"
      >
        {t('courseCopy.actions.copy')}
      </Menu.Item>
      {course.courseType !== 'child' && (
        <Menu.Item
          leftSection={<IconSitemap size={16} aria-hidden="true" />}
          onClick={() => openChild(organizationId, course)}
          data-testid="create-child-course"
        >
          {t('courseCopy.actions.child')}
        </Menu.Item>
      )}
    </>
  );
}

/** "Copy course" for one course (the course detail page). */
export function CopyCourseButton({ organizationId, course }: { organizationId: number; course: CopySource }) {
  const { t } = useTranslation();
  const { openCopy } = useCopyDialogs();
  return (
    <Button
      variant="light"
      leftSection={<IconCopy size={16} aria-hidden="true" />}
      onClick={() => openCopy(organizationId, [course])}
      data-testid="copy-course"
    >
      {t('courseCopy.actions.copy')}
    </Button>
  );
}

/** "Create child course" for a parent or standalone course (renders nothing for a child). */
export function CreateChildCourseButton({
  organizationId,
  parent,
}: {
  organizationId: number;
  parent: ChildParent & { courseType: string };
}) {
  const { t } = useTranslation();
  const { openChild } = useCopyDialogs();
  if (parent.courseType === 'child') return null;
  return (
    <Button
      variant="light"
      leftSection={<IconSitemap size={16} aria-hidden="true" />}
      onClick={() => openChild(organizationId, parent)}
      data-testid="create-child-course"
    >
      {t('courseCopy.actions.child')}
    </Button>
  );
}
