import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courseCopyApi } from '../../shared/contract/course-copy';
import { ADMIN_PERMISSIONS, type Permission } from '../../shared/permissions';
import type { Db } from '../db/client';
import { institutions, offers, products, sectionInstructors, sections } from '../db/schema';
import { day } from './course-fixtures';
import { bearer, createInstitution, createRole, createUser } from './fixtures';
import { waitFor } from './wait-for';

let seq = 0;
const next = () => `${process.pid}-${++seq}`;

/** Environment for tests with copy workers: two retries, backoff capped at one second. */
export const FAST_COPY_ENV = {
  COPY_RETRY_LIMIT: '2',
  COPY_RETRY_DELAY_SECONDS: '0',
  COPY_RETRY_DELAY_MAX_SECONDS: '1',
  SHUTDOWN_TIMEOUT_MS: '1000',
};

export async function copyProduct(
  db: Db,
  values: Partial<
    Pick<typeof products.$inferInsert, 'platform' | 'productType' | 'status' | 'productName'>
  > = {},
) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({ isbn: `cp-${n}`, urn: `urn:copy:${n}`, productName: `Copy product ${n}`, ...values })
    .returning();
  return row;
}

export async function copyOffer(db: Db, institutionId: number, productId: number, offerStatus = 'APPROVED') {
  const [row] = await db
    .insert(offers)
    .values({
      institutionId,
      productId,
      isbn: `cp-${next()}`,
      offerType: 'INCLUSIVE_ACCESS',
      title: 'Offer',
      offerStatus,
    })
    .returning();
  return row;
}

export async function copySection(
  db: Db,
  institutionId: number,
  values: Partial<typeof sections.$inferInsert> = {},
) {
  const [row] = await db
    .insert(sections)
    .values({
      institutionId,
      courseName: `Course ${next()}`,
      startDate: day(-60),
      endDate: day(30),
      ...values,
    })
    .returning();
  return row;
}

export async function addInstructor(db: Db, sectionId: number, userId: number, role = 'instructor') {
  await db.insert(sectionInstructors).values({ sectionId, userId, role });
}

/**
 * An institution ready for copies: a copyable product with an approved offer, a source section
 * with an instructor, an administrator (`<prefix>-admin`) holding the nine permissions, and a
 * member (`<prefix>-viewer`) whose role lacks CAN_COPY_EDIT_COURSES.
 */
export async function createCopyWorld(db: Db, prefix: string) {
  const institution = await createInstitution(db, `${prefix} College`);
  const product = await copyProduct(db);
  await copyOffer(db, institution.id, product.id, 'APPROVED');
  const admin = await createUser(db, `${prefix}-admin`);
  await createRole(db, institution.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
  const viewer = await createUser(db, `${prefix}-viewer`);
  const viewerPermissions: Permission[] = ADMIN_PERMISSIONS.filter((p) => p !== 'CAN_COPY_EDIT_COURSES');
  await createRole(db, institution.id, 'Viewer', viewerPermissions, [viewer.id]);
  const teacher = await createUser(db, `${prefix}-teacher`);
  const source = await copySection(db, institution.id, {
    productId: product.id,
    censusDuration: 14,
    sectionCode: '002',
    createdAt: new Date(Date.now() - 90 * 86_400_000),
  });
  await addInstructor(db, source.id, teacher.id);
  return { institution, product, admin, viewer, teacher, source };
}

export async function setInstitution(db: Db, id: number, values: Partial<typeof institutions.$inferInsert>) {
  await db.update(institutions).set(values).where(eq(institutions.id, id));
}

/** A promise with its resolve function: a gate a fault hook waits on. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}

export interface CopyCourse {
  sectionId: number;
  courseName: string;
  startDate: string;
  endDate: string;
}

export const copyCourse = (sectionId: number, courseName: string): CopyCourse => ({
  sectionId,
  courseName,
  startDate: day(100),
  endDate: day(200),
});

/** POST /api/courses/copy; returns the answer body (throws unless 200). */
export async function postCopy(
  app: FastifyInstance,
  token: string,
  organizationId: number,
  courses: CopyCourse[],
  sendEmail = false,
) {
  const res = await app.inject({
    method: 'POST',
    url: courseCopyApi.copy.path,
    headers: bearer(token),
    payload: { organizationId, courses, sendEmail },
  });
  if (res.statusCode !== 200) throw new Error(`copy: ${res.statusCode} ${res.body}`);
  return res.json() as { trackingId: string; statuses: { id: number; status: string }[] };
}

/** GET copy/status until `done` holds for the request. */
export async function waitForRequest(
  app: FastifyInstance,
  token: string,
  organizationId: number,
  trackingId: string,
  done: (r: RequestStatus) => boolean = (r) => r.finished,
  timeoutMs = 30_000,
) {
  return waitFor(
    async () => {
      const res = await app.inject({
        url: courseCopyApi.status.path,
        query: { organizationId: String(organizationId), trackingId },
        headers: bearer(token),
      });
      const body = res.json() as RequestStatus;
      return done(body) ? body : undefined;
    },
    timeoutMs,
    `copy request ${trackingId}`,
  );
}

export interface RequestStatus {
  trackingId: string;
  finished: boolean;
  statuses: {
    id: number;
    status: string;
    sectionId: number | null;
    reason: string | null;
    reasonCode: number | null;
    attempts: number;
    courseName: string;
  }[];
}
