import { type ReactNode, useState } from 'react';
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
  const modals: ReactNode = (
    <>
      {editing !== null && <EditCourseModal sectionId={editing} onClose={() => setEditing(null)} />}
      {staffing && (
        <EditInstructorsModal
          course={staffing}
          institutionId={institutionId}
          onClose={() => setStaffing(null)}
        />
      )}
    </>
  );
  return {
    openEdit: (course: { sectionId: number }) => setEditing(course.sectionId),
    openInstructors: (course: { sectionId: number; courseName: string }) =>
      setStaffing({ sectionId: course.sectionId, courseName: course.courseName }),
    remove,
    modals,
  };
}
