/** What other web features may use from course-copy. */
export {
  CopyCourseButton,
  CopyCoursesButton,
  CourseCopyMenuItems,
  CreateChildCourseButton,
} from './components/CopyActions';
export { CopyStatusPanel } from './components/CopyStatusPanel';
export { CopyabilityCell, usePageCopyability } from './components/Copyability';
