import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsDate } from '../../../../shared/validation';
import type { CourseDetail } from '../api';
import { BillingBadge, CourseTypeBadge, useOfferTypeLabel } from './StatusBadges';

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** Course information: product, dates MM/DD/YYYY, census date (or "not set"), duration, instructors. */
export function CourseInfo({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const offerType = useOfferTypeLabel();
  const instructors = course.instructors;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" component="dl" m={0}>
        <Item label={t('courses.detail.product')} testId="course-product">
          {course.product
            ? `${course.product.productName} (${t('courses.detail.isbn')} ${course.product.isbn})`
            : t('courses.detail.noProduct')}
        </Item>
        <Item label={t('courses.detail.sectionId')}>{course.sectionId}</Item>
        <Item label={t('courses.detail.sectionCode')}>{course.sectionCode ?? '—'}</Item>
        <Item label={t('courses.detail.startDate')} testId="course-start">
          {formatUsDate(course.startDate)}
        </Item>
        <Item label={t('courses.detail.endDate')} testId="course-end">
          {formatUsDate(course.endDate)}
        </Item>
        <Item label={t('courses.detail.censusDate')} testId="course-census">
          {course.censusDate ? formatUsDate(course.censusDate) : t('courses.detail.notSet')}
        </Item>
        <Item label={t('courses.detail.duration')} testId="course-duration">
          {t('courses.detail.durationDays', { count: course.courseDuration })}
        </Item>
        <Item label={t('courses.detail.period')}>{t(`status.period.${course.coursePeriod}`)}</Item>
        <Item label={t('courses.detail.courseType')}>
          <CourseTypeBadge type={course.courseType} />
        </Item>
        <Item label={t('courses.detail.enrollments')}>{course.enrollmentCount}</Item>
        <Item label={t('courses.detail.accessType')}>{offerType(course.accessType)}</Item>
        <Item label={t('courses.detail.billing')}>
          <BillingBadge status={course.billingStatus} />
        </Item>
        {course.customCourseId && (
          <Item label={t('courses.detail.customCourseId')}>
            {course.customCourseId} {course.lmsKind && `(${course.lmsKind})`}
          </Item>
        )}
      </SimpleGrid>
      <Stack gap="lg" component="dl" m={0}>
        <Item label={t('courses.detail.instructors')} testId="course-instructors">
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
        </Item>
        <Item label={t('courses.detail.description')}>
          {course.description || t('courses.detail.noDescription')}
        </Item>
      </Stack>
    </Stack>
  );
}
