/** The organisation export of the Products area (spec §7 "Products"). */
import { IdParam } from './common';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// GET /api/export/organization/{id}?channelPartner=&productId=

export const ExportQuery = z.object({
  channelPartner: IdParam.optional().describe('Only products of this channel partner.'),
  productId: IdParam.optional().describe('Only this product.'),
});

export const EXPORT_COLUMNS = [
  'Institution ID',
  'Institution',
  'Product ID',
  'ISBN',
  'Product',
  'Channel Partner',
  'Pairing ID',
  'LMS',
  'LMS Integration',
  'LMS Course ID',
  'LMS Course Name',
  'Custom Course ID',
  'Section ID',
  'Course',
  'Course Start',
  'Course End',
  'Census Duration',
  'Free Access Duration',
  'Census Date',
  'Free Access End',
] as const;

/** File name of an organisation's export, e.g. "Courses_Acme_System_2026-11-23.csv". */
export function exportFileName(organizationName: string, today: string): string {
  const safe = organizationName.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '') || 'organization';
  return `Courses_${safe}_${today}.csv`;
}
