import type { z } from 'zod';
import {
  COPYABLE_PLATFORMS,
  COURSE_CONTEXT_PRODUCT_TYPES,
  type CopyPreview,
  type CopyValidationResult,
  addDays,
  copyValidationMessage,
  daysBetween,
} from '../../../shared/contract/course-copy';
import { can } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { todayInInstitution } from '../../lib/institution-today';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { capabilities } from '../../lib/capabilities';
import * as q from './course-copy.queries';

export type CopyContext = 'copy' | 'child';
type Section = Awaited<ReturnType<typeof q.sectionsWithProduct>>[number];
type Institution = NonNullable<Awaited<ReturnType<typeof q.findInstitution>>>;

export interface ValidationInput {
  organizationId: number;
  sectionIds: number[];
  context: CopyContext;
  /** The user whose rights are checked; the actor when absent. */
  userContextId?: number;
  /** Today (YYYY-MM-DD, UTC) for the suggested dates. */
  today?: string;
}

/**
 * Checks sections for a copy or a child course (spec §5, §8). Unknown sections, and sections of
 * another institution, answer 404 (the route declares them `within` the institution); everything
 * else is a per-section code:
 * 102 institution unknown or inactive, 101 nothing to copy (no product), 106 the user or the
 * course type may not copy, 103 platform, 104 product type, 105 retired product, 107 no active offer.
 */
export async function validateSections(
  db: Db,
  actor: Actor,
  input: ValidationInput,
): Promise<z.infer<typeof CopyValidationResult>[]> {
  const found = await q.sectionsWithProduct(db, input.sectionIds);
  const byId = new Map(found.filter((s) => !s.deletedAt).map((s) => [s.id, s]));
  // the route's entityOrg declaration answered 404 for a section unknown or of another institution
  for (const id of input.sectionIds) if (!byId.has(id)) throw notFound('Course');
  const institution = await q.findInstitution(db, input.organizationId);
  const userMayCopy = await userContextMayCopy(db, actor, input);
  const productIds = [...new Set(found.map((s) => s.productId).filter((p): p is number => p !== null))];
  const offered = await q.productsWithActiveOffer(db, input.organizationId, productIds);
  const today = input.today ?? (await todayInInstitution(db, input.organizationId));

  return input.sectionIds.map((id) => {
    const section = byId.get(id)!;
    const code = ruleFor(section, institution, userMayCopy, offered);
    return {
      sectionId: id,
      valid: code === null,
      code,
      message: code === null ? null : copyValidationMessage(code),
      preview: previewOf(section, institution, input.context, today),
    };
  });
}

/** The first rule a section breaks, or null. */
export function ruleFor(
  s: Pick<Section, 'productId' | 'courseType' | 'platform' | 'productType' | 'productStatus'>,
  institution: Pick<Institution, 'active'> | undefined,
  userMayCopy: boolean,
  offered: Set<number>,
): number | null {
  if (!institution?.active) return 102;
  if (s.productId === null) return 101;
  if (!userMayCopy || s.courseType === 'child') return 106;
  if (!(COPYABLE_PLATFORMS as readonly string[]).includes(s.platform ?? '')) return 103;
  if (!(COURSE_CONTEXT_PRODUCT_TYPES as readonly string[]).includes(s.productType ?? '')) return 104;
  if (s.productStatus !== 'active') return 105;
  if (!offered.has(s.productId)) return 107;
  return null;
}

/** The caller may copy (the route checked it); another user named by userContextId must be able to as well. */
async function userContextMayCopy(db: Db, actor: Actor, input: ValidationInput) {
  if (input.userContextId === undefined || input.userContextId === actor.userId) return true;
  const user = await q.findUser(db, input.userContextId);
  if (user?.status !== 'active') return false;
  const caps = await capabilities(db, user, input.organizationId);
  return can(caps, 'copyCourses');
}

function previewOf(
  s: Section,
  institution: Pick<Institution, 'censusDuration' | 'inclusiveOfferEndsOn'> | undefined,
  context: CopyContext,
  today: string,
): z.infer<typeof CopyPreview> {
  const [startDate, endDate] =
    context === 'child' ? [s.startDate, s.endDate] : suggestedDates(s.startDate, s.endDate, today);
  return {
    courseName: s.courseName,
    sectionCode: s.sectionCode,
    courseType: s.courseType,
    sourceStartDate: s.startDate,
    sourceEndDate: s.endDate,
    startDate,
    endDate,
    censusDuration: s.censusDuration >= 0 ? s.censusDuration : (institution?.censusDuration ?? -1),
    inclusiveOfferEndsOn: institution?.inclusiveOfferEndsOn ?? null,
  };
}

/**
 * Dates for a copy: the source's, moved by the fewest whole weeks (at least one) that make the copy
 * start after the source ends and not before today. The weekday and length stay the same.
 */
export function suggestedDates(start: string, end: string, today: string): [string, string] {
  const earliest = today > end ? today : addDays(end, 1);
  const weeks = Math.max(1, Math.ceil(daysBetween(start, earliest) / 7));
  return [addDays(start, weeks * 7), addDays(end, weeks * 7)];
}
