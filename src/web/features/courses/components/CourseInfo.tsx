import { Badge, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUsDate } from '../../../../shared/validation';
import { DetailField, DetailSection } from '../../../components/DetailSection';
import type { CourseDetail } from '../api';
import { BillingBadge, CourseTypeBadge, useOfferTypeLabel } from '../../../components/StatusBadges';

/** Course information: product, dates MM/DD/YYYY, census date (or "not set"), duration, instructors. */
export function CourseInfo({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const offerType = useOfferTypeLabel();
  const instructors = course.instructors;
  return (
    <Stack gap="lg">
      <DetailSection cols={{ base: 1, sm: 2, md: 3 }}>
        <DetailField label={t('courses.detail.product')} testId="course-product">
          {course.product
            ? `${course.product.productName} (${t('courses.detail.isbn')} ${course.product.isbn})`
            : t('courses.detail.noProduct')}
        </DetailField>
        <DetailField label={t('courses.detail.sectionId')}>{course.sectionId}</DetailField>
        <DetailField label={t('courses.detail.sectionCode')}>{course.sectionCode ?? '—'}</DetailField>
        <DetailField label={t('courses.detail.startDate')} testId="course-start">
          {formatUsDate(course.startDate)}
        </DetailField>
        <DetailField label={t('courses.detail.endDate')} testId="course-end">
          {formatUsDate(course.endDate)}
        </DetailField>
        <DetailField label={t('courses.detail.censusDate')} testId="course-census">
          {course.censusDate ? formatUsDate(course.censusDate) : t('courses.detail.notSet')}
        </DetailField>
        <DetailField label={t('courses.detail.duration')} testId="course-duration">
          {t('courses.detail.durationDays', { count: course.courseDuration })}
        </DetailField>
        <DetailField label={t('courses.detail.period')}>
          {t(`status.period.${course.coursePeriod}`)}
        </DetailField>
        <DetailField label={t('courses.detail.courseType')}>
          <CourseTypeBadge type={course.courseType} />
        </DetailField>
        <DetailField label={t('courses.detail.enrollments')}>{course.enrollmentCount}</DetailField>
        <DetailField label={t('courses.detail.accessType')}>{offerType(course.accessType)}</DetailField>
        <DetailField label={t('courses.detail.billing')}>
          <BillingBadge status={course.billingStatus} />
        </DetailField>
        {course.customCourseId && (
          <DetailField label={t('courses.detail.customCourseId')}>
            {course.customCourseId} {course.lmsKind && `(${course.lmsKind})`}
          </DetailField>
        )}
      </DetailSection>
      <DetailSection>
        <DetailField label={t('courses.detail.instructors')} testId="course-instructors">
          {instructors.length === 0 ? (
            t('courses.detail.noInstructors')
          ) : (
            <Group gap="xs" component="span">
              {instructors.map((i) => (
                <Badge key={i.userId} variant="light" color={i.role === 'ta' ? 'grape' : 'blue'} tt="none">
                  {i.displayName} ·{' '}
                  {i.role === 'ta' ? t('courses.detail.roleTa') : t('courses.detail.roleInstructor')}
                </Badge>
              ))}
            </Group>
          )}
        </DetailField>
        <DetailField label={t('courses.detail.description')}>
          {course.description || t('courses.detail.noDescription')}
        </DetailField>
      </DetailSection>
    </Stack>
  );
}
