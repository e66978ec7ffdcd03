import type { ReactNode } from 'react';
import { CopyCoursesButton, CourseCopyMenuItems } from '../../course-copy';
import type { CourseActions, CourseRow } from '../api';

/**
 * Extension points of the institution page's course list, for features that act on courses
 * (course copy, child-course creation). Both default to nothing.
 *
 * - `CourseListSelectionActions` renders in the toolbar above the table, next to the selection
 *   count; it receives the selected rows (all on the current page or kept across pages).
 * - `courseRowMenuItems` returns extra `<Menu.Item>`s for one row's actions menu.
 *
 * A feature plugs in by editing only this file: import its component and render it here.
 */
export interface CourseListContext {
  institutionId: number;
  /** What the caller may do here (the server's answer: copy, edit, delete...). */
  actions: CourseActions;
  /** Selected rows, in selection order. */
  selected: CourseRow[];
  clearSelection: () => void;
}

export function CourseListSelectionActions({
  institutionId,
  actions,
  selected,
  clearSelection,
}: CourseListContext): ReactNode {
  if (!actions.copy) return null;
  return <CopyCoursesButton organizationId={institutionId} sections={selected} onDone={clearSelection} />;
}

export function courseRowMenuItems(course: CourseRow, ctx: Omit<CourseListContext, 'selected'>): ReactNode {
  if (!ctx.actions.copy) return null;
  return <CourseCopyMenuItems organizationId={ctx.institutionId} course={course} />;
}
