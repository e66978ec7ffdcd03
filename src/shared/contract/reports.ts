import { z } from 'zod';
import { IdParam, text } from './common';
import { defineRoute } from './route';

/**
 * GET /api/institution/download/ISReport?organizationId= : one line per course (institution summary).
 * GET /api/institution/download/CSReport?organizationId= : one line per enrollment (course students).
 * GET /api/institution/censusData?organizationId= : one line per course with a census date.
 * All answer text/csv (UTF-8 with BOM), streamed, with Content-Disposition and Cache-Control: no-store.
 * Cells starting with = + - @ tab or CR get a leading ' (formula-injection guard).
 */
export const ReportQuery = z.object({
  organizationId: IdParam.describe('The institution reported on.'),
  coursePeriod: text()
    .trim()
    .toUpperCase()
    .pipe(z.enum(['CURRENT', 'FUTURE', 'PAST', 'ALL']))
    .default('ALL')
    .describe('Limit to one period: CURRENT, FUTURE or PAST (case-insensitive); ALL (default) for all.'),
});

/** The three CSV downloads of an institution. */
export const reportsApi = {
  isReport: defineRoute({ method: 'GET', path: '/api/institution/download/ISReport', query: ReportQuery }),
  csReport: defineRoute({ method: 'GET', path: '/api/institution/download/CSReport', query: ReportQuery }),
  censusData: defineRoute({ method: 'GET', path: '/api/institution/censusData', query: ReportQuery }),
};

/** The CSV body (documented as a string). */
export const CsvResponse = z.string().describe('text/csv');

export const IS_REPORT_COLUMNS = [
  'Section ID',
  'Course Name',
  'Section Code',
  'Instructor',
  'Start Date',
  'End Date',
  'Course Period',
  'Course Type',
  'Product',
  'ISBN',
  'Access Type',
  'Billing Status',
  'Census Date',
  'Enrollments',
  'Paid',
  '14 day trial',
  'Expired',
  'Opted out',
] as const;

export const CS_REPORT_COLUMNS = [
  'Section ID',
  'Course Name',
  'Section Code',
  'Student Name',
  'E-mail',
  'Username',
  'Access',
  'Access Ends',
  'Current Access',
  'Opt Status',
] as const;

export const CENSUS_COLUMNS = [
  'Section ID',
  'Course Name',
  'Section Code',
  'Start Date',
  'Census Duration',
  'Census Date',
  'Access Type',
  'Billing Status',
  'Enrollments',
  'Opted in',
  'Opted out',
] as const;
