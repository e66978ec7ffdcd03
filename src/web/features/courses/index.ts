/** What other web features may use from courses. */
export {
  BillingBadge,
  CourseTypeBadge,
  OptStatusBadge,
  useOfferTypeLabel,
} from '../../components/StatusBadges';
export { useCourseEditors } from './components/useCourseEditors';
export { courseKeys } from './api';
