/** What other web features may use from course-copy. */
export {
  CopyCourseButton,
  CopyCoursesButton,
  CourseCopyMenuItems,
  CreateChildCourseButton,
  useCopyDialogs,
} from './components/CopyActions';
export { CopyStatusPanel } from './components/CopyStatusPanel';
export { copyKeys } from './api';
export { CopyabilityCell, usePageCopyability } from './components/Copyability';
