import { channelPartners, offers, products } from '../schema';
import type { SeedContext, SeededInstitution } from './context';
import { addDays, isoDate, shiftTime } from './dates';
import { makeIsbn13 } from './isbn';
import { ASSESSMENT_TITLE_PATTERNS, COURSE_TITLE_PATTERNS, courseKey, SUBJECTS } from './subjects';
import { OFFER_TYPES } from '../../../shared/status';
import { CHANNEL_PARTNERS } from './world-data';

const PRODUCT_COUNT = 160;
/** An institution the provider has made no offer to (the Offers page's empty state). */
export const INSTITUTION_WITHOUT_OFFERS = 'dunmore';
/** Every sixth offer of an institution that is still running ends within 30 days (the "expires soon" mark). */
const EXPIRING_EVERY = 6;
/**
 * The other running offers end at least this many days after the seeding day: the offers about to
 * expire stay the same ones for days after the world was seeded (none ends within 3 days, none
 * enters the 30-day window before day 15), whatever the calendar day or the hour the world is used.
 */
const OTHERS_END_AFTER = 45;
/** Every offer status the UI maps (spec §4), and two odd ones that show as Pending. */
export const MAIN_OFFER_STATUSES = ['APPROVED', 'NEW', 'REJECTED', 'EXPIRED', 'PENDING'] as const;
const OFFER_STATUS_WEIGHTS = [
  ['APPROVED', 55],
  ['NEW', 12],
  ['PENDING', 10],
  ['REJECTED', 8],
  ['EXPIRED', 10],
  ['SUBMITTED', 3],
  ['ON_HOLD', 2],
] as const;

export interface SeededProduct {
  id: number;
  isbn: string;
  name: string;
  /** The course the product is written for (SUBJ-NUM). */
  courseKey: string;
  subjectCode: string;
  usable: boolean;
}

export interface Catalog {
  products: SeededProduct[];
  /** Per institution: product ids it holds an offer for, by course key. */
  offeredByCourse: Map<number, Map<string, number[]>>;
  offerCount: number;
}

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

/** Channel partners, 160 products with valid ISBN-13s, and offers per institution in every status. */
export async function seedCatalog(ctx: SeedContext, institutions: SeededInstitution[]): Promise<Catalog> {
  const catalog = await seedProducts(ctx);
  const { offeredByCourse, offerCount } = await seedOffers(ctx, institutions, catalog);
  return { products: catalog, offeredByCourse, offerCount };
}

type ProductDraft = typeof products.$inferInsert & { courseKey: string; subjectCode: string };

/** Channel partners and the products, each with a distinct name and a valid ISBN-13. */
async function seedProducts(ctx: SeedContext): Promise<SeededProduct[]> {
  const { db } = ctx;
  const partnerRows = await db
    .insert(channelPartners)
    .values(CHANNEL_PARTNERS.map((p) => ({ code: p.code, name: p.name })))
    .returning({ id: channelPartners.id });
  const drafts = draftProducts(
    ctx,
    partnerRows.map((p) => p.id),
  );
  const productRows = await db
    .insert(products)
    .values(drafts.map(({ courseKey: _k, subjectCode: _s, ...row }) => row))
    .returning({ id: products.id, isbn: products.isbn });
  const idByIsbn = new Map(productRows.map((p) => [p.isbn, p.id]));
  return drafts.map((d) => ({
    id: idByIsbn.get(d.isbn)!,
    isbn: d.isbn,
    name: d.productName,
    courseKey: d.courseKey,
    subjectCode: d.subjectCode,
    usable: d.platform === 'courseware' && d.productType === 'course' && d.status === 'active',
  }));
}

function draftProducts({ rng, now }: SeedContext, partnerIds: number[]): ProductDraft[] {
  const courses = SUBJECTS.flatMap((s) => s.courses.map((c) => ({ subject: s, course: c })));
  const names = new Set<string>();
  const drafts: ProductDraft[] = [];
  for (let i = 0; drafts.length < PRODUCT_COUNT; i++) {
    const { subject, course } = courses[i % courses.length];
    const assessment = drafts.length % 12 === 7;
    const pattern = rng.pick(assessment ? ASSESSMENT_TITLE_PATTERNS : COURSE_TITLE_PATTERNS);
    const title = pattern.replace('{t}', course.title);
    const name = assessment ? title : `${title}, ${ordinal(rng.int(2, 14))} Edition`;
    if (names.has(name)) continue;
    names.add(name);
    const n = drafts.length;
    const isbn = makeIsbn13(n % 9 === 4 ? '979' : '978', 133_700_000 + n * 1013 + rng.int(0, 1000));
    drafts.push({
      isbn,
      urn: `urn:product:${isbn}`,
      productName: name,
      platform: n % 17 === 5 ? 'legacy' : 'courseware',
      productType: assessment ? 'assessment' : 'course',
      status: n % 14 === 3 ? 'retired' : 'active',
      channelPartnerId: rng.weighted(partnerIds.map((id, k) => [id, k === 0 ? 5 : 2] as const)),
      createdAt: shiftTime(now, -rng.int(30, 900)),
      courseKey: courseKey(subject, course),
      subjectCode: subject.code,
    });
  }
  return drafts;
}

/** Offers per institution (none for INSTITUTION_WITHOUT_OFFERS), and the running ones by course. */
async function seedOffers(ctx: SeedContext, institutions: SeededInstitution[], catalog: SeededProduct[]) {
  const { rng } = ctx;
  const offerRows: (typeof offers.$inferInsert)[] = [];
  const offeredByCourse = new Map<number, Map<string, number[]>>();
  for (const inst of institutions) {
    const taught = new Set(inst.subjects.map((s) => s.code));
    const own = rng.shuffle(catalog.filter((p) => taught.has(p.subjectCode)));
    const other = rng.shuffle(catalog.filter((p) => !taught.has(p.subjectCode)));
    const chosen = [...own.slice(0, rng.int(28, 40)), ...other.slice(0, 4)];
    const byCourse = new Map<string, number[]>();
    chosen.forEach((p, k) => {
      const row = draftOffer(ctx, inst, p, k);
      if (!row) return;
      offerRows.push(row);
      if (row.offerStatus !== 'REJECTED' && row.offerStatus !== 'EXPIRED') {
        const list = byCourse.get(p.courseKey) ?? [];
        list.push(p.id);
        byCourse.set(p.courseKey, list);
      }
    });
    offeredByCourse.set(inst.id, byCourse);
  }
  await ctx.db.insert(offers).values(offerRows);
  return { offeredByCourse, offerCount: offerRows.length };
}

/** The k-th offer of an institution; null (after the same draws) for INSTITUTION_WITHOUT_OFFERS. */
function draftOffer(
  { rng, now, today }: SeedContext,
  inst: SeededInstitution,
  p: SeededProduct,
  k: number,
): typeof offers.$inferInsert | null {
  const status = k < MAIN_OFFER_STATUSES.length ? MAIN_OFFER_STATUSES[k] : rng.weighted(OFFER_STATUS_WEIGHTS);
  const offerType = inst.seed.offerType && rng.chance(0.7) ? inst.seed.offerType : rng.pick(OFFER_TYPES);
  const [startsIn, drawnEnd] =
    status === 'EXPIRED'
      ? [-rng.int(200, 420), -rng.int(1, 150)]
      : status === 'PENDING' || status === 'SUBMITTED' || status === 'ON_HOLD'
        ? [rng.int(10, 90), rng.int(200, 500)]
        : [-rng.int(10, 300), rng.int(30, 400)];
  const running = status !== 'EXPIRED' && status !== 'REJECTED';
  // derived from the position, not drawn, so the rest of the world stays as it was
  const endsIn = !running
    ? drawnEnd
    : k % EXPIRING_EVERY === EXPIRING_EVERY - 1
      ? 3 + ((k * 7) % 26)
      : Math.max(drawnEnd, OTHERS_END_AFTER);
  if (inst.seed.key === INSTITUTION_WITHOUT_OFFERS) return null;
  return {
    productId: p.id,
    institutionId: inst.id,
    isbn: p.isbn,
    offerType,
    title: p.name,
    offerStatus: status,
    inclusive: offerType === 'INCLUSIVE_ACCESS' || offerType === 'EQUITABLE_ACCESS',
    startsOn: isoDate(addDays(today, startsIn)),
    endsOn: status === 'REJECTED' && rng.chance(0.5) ? null : isoDate(addDays(today, endsIn)),
    createdAt: shiftTime(now, startsIn - rng.int(5, 60)),
  };
}
