import { type ReactNode, useState } from 'react';
import { useMenuFocusReturn } from '../../../lib/menu-focus-return';
import { EditCourseModal } from './EditCourseModal';
import { EditInstructorsModal } from './EditInstructorsModal';
import { useRemoveSection } from './useRemoveSection';

/**
 * The three course changes of the course list and the detail page: edit course information, edit
 * instructor, remove section. Render `modals` once; call the openers from buttons or menus.
 */
export function useCourseEditors(institutionId: number) {
  const [editing, setEditing] = useState<number | null>(null);
  const [staffing, setStaffing] = useState<{ sectionId: number; courseName: string } | null>(null);
  const remove = useRemoveSection();
  const { remember, restore } = useMenuFocusReturn();
  const modals: ReactNode = (
    <>
      {editing !== null && (
        <EditCourseModal
          sectionId={editing}
          onClose={() => {
            setEditing(null);
            restore();
          }}
        />
      )}
      {staffing && (
        <EditInstructorsModal
          course={staffing}
          institutionId={institutionId}
          onClose={() => {
            setStaffing(null);
            restore();
          }}
        />
      )}
    </>
  );
  return {
    openEdit: (course: { sectionId: number }) => {
      remember();
      setEditing(course.sectionId);
    },
    openInstructors: (course: { sectionId: number; courseName: string }) => {
      remember();
      setStaffing({ sectionId: course.sectionId, courseName: course.courseName });
    },
    remove: (...args: Parameters<typeof remove>) => {
      remember();
      return remove(args[0], args[1], restore);
    },
    modals,
  };
}
