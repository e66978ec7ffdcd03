import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_MESSAGES, courseCopyApi } from '../../../shared/contract/course-copy';
import { copyJobs, copyRequests, products, sections } from '../../db/schema';
import { copyOffer, copyProduct, copySection, createCopyWorld } from '../../test/copy-fixtures';
import { day } from '../../test/course-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/** API tests of copy and child-course requests, without workers: courses stay queued. */
let t: TestApp;
let w: Awaited<ReturnType<typeof createCopyWorld>>;
let other: Awaited<ReturnType<typeof createCopyWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCopyWorld(t.db, 'cc');
  other = await createCopyWorld(t.db, 'cx');
});
afterAll(() => t.close());

const course = (sectionId: number, name = 'Biology 101 - Fall') => ({
  sectionId,
  courseName: name,
  startDate: day(100),
  endDate: day(200),
});

describe('copy requests', () => {
  it('queues one job per course under one tracking id and reports their status', async () => {
    const second = await copySection(t.db, w.institution.id, { productId: w.product.id });
    const res = await t.as('cc-admin').call(courseCopyApi.copy, {
      body: {
        organizationId: w.institution.id,
        courses: [course(w.source.id, 'Copy A'), course(second.id, 'Copy B')],
        sendEmail: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(COPY_MESSAGES.copyStartedMany);
    expect(body.trackingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      body.statuses.map((s: { courseName: string; status: string }) => [s.courseName, s.status]),
    ).toEqual([
      ['Copy A', 'notstarted'],
      ['Copy B', 'notstarted'],
    ]);
    const queued = await t.app.jobs.boss.getJobById(
      'copy.course',
      (await t.db.select().from(copyJobs).where(eq(copyJobs.id, body.statuses[0].id)))[0].queueJobId!,
    );
    expect(queued?.data).toEqual({ copyJobId: body.statuses[0].id, queueJobId: queued?.id });

    const status = await t.as('cc-admin').call(courseCopyApi.status, {
      query: { organizationId: w.institution.id, trackingId: body.trackingId },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      trackingId: body.trackingId,
      kind: 'copy',
      finished: false,
      sendEmail: true,
    });

    const recent = await t
      .as('cc-admin')
      .call(courseCopyApi.requests, { query: { organizationId: w.institution.id } });
    expect(recent.json().requests[0].trackingId).toBe(body.trackingId);
  });

  it('says "Your course is being copied…" for one course', async () => {
    const res = await t.as('cc-admin').call(courseCopyApi.copy, {
      body: { organizationId: w.institution.id, courses: [course(w.source.id)] },
    });
    expect(res.json().message).toBe(COPY_MESSAGES.copyStartedOne);
  });

  it('refuses the whole request when a course breaks a rule, naming it with its code', async () => {
    const retired = await copyProduct(t.db, { status: 'retired' });
    await copyOffer(t.db, w.institution.id, retired.id);
    const bad = await copySection(t.db, w.institution.id, { productId: retired.id });
    const before = await t.db.select({ n: count() }).from(copyJobs);
    const res = await t.as('cc-admin').call(courseCopyApi.copy, {
      body: { organizationId: w.institution.id, courses: [course(w.source.id), course(bad.id)] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().description).toBe(COPY_MESSAGES.copyFailedMany);
    expect(res.json().refused).toEqual([{ sectionId: bad.id, code: 105 }]);
    expect(res.json().fields).toBeUndefined();
    const one = await t
      .as('cc-admin')
      .call(courseCopyApi.copy, { body: { organizationId: w.institution.id, courses: [course(bad.id)] } });
    expect(one.json().description).toBe(COPY_MESSAGES.copyFailedOne);
    const after = await t.db.select({ n: count() }).from(copyJobs);
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers bad input with 422 and writes nothing', async () => {
    const before = await t.db.select({ n: count() }).from(copyJobs);
    const bodies = [
      { organizationId: w.institution.id, courses: [] },
      { organizationId: w.institution.id, courses: [{ ...course(w.source.id), courseName: '' }] },
      {
        organizationId: w.institution.id,
        courses: [{ ...course(w.source.id), courseName: 'x'.repeat(101) }],
      },
      { organizationId: w.institution.id, courses: [{ ...course(w.source.id), endDate: day(50) }] },
      { organizationId: w.institution.id, courses: [{ ...course(w.source.id), startDate: '12/01/2025' }] },
      { organizationId: w.institution.id, courses: [{ ...course(w.source.id), sectionId: 'abc' }] },
      { organizationId: w.institution.id, courses: Array(1001).fill(course(w.source.id)) },
      { courses: [course(w.source.id)] },
    ];
    for (const payload of bodies) {
      const res = await t.as('cc-admin').post(courseCopyApi.copy.path, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
    }
    const bad = await t.as('cc-admin').call(courseCopyApi.copy, {
      body: {
        organizationId: w.institution.id,
        courses: [{ ...course(w.source.id), endDate: day(50) }],
      },
    });
    expect(bad.json().fields['courses.0.endDate']).toBe('End date must be greater than start date.');
    const after = await t.db.select({ n: count() }).from(copyJobs);
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers 404 for an unknown section and for another institution’s, and stores no copy', async () => {
    const jobsBefore = await t.db.select({ id: copyJobs.id }).from(copyJobs);
    const requestsBefore = await t.db.select({ id: copyRequests.id }).from(copyRequests);
    const unknown = await t
      .as('cc-admin')
      .call(courseCopyApi.copy, { body: { organizationId: w.institution.id, courses: [course(999_999)] } });
    expect(unknown.statusCode).toBe(404);
    const foreign = await t.as('cc-admin').call(courseCopyApi.copy, {
      body: { organizationId: w.institution.id, courses: [course(other.source.id)] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.db.select({ id: copyJobs.id }).from(copyJobs)).toEqual(jobsBefore);
    expect(await t.db.select({ id: copyRequests.id }).from(copyRequests)).toEqual(requestsBefore);
    expect(await t.db.select().from(copyJobs).where(eq(copyJobs.sourceSectionId, other.source.id))).toEqual(
      [],
    );
  });

  it('hides another institution’s request, refuses to retry courses that have not failed or are another institution’s (404)', async () => {
    const res = await t.as('cc-admin').call(courseCopyApi.copy, {
      body: { organizationId: w.institution.id, courses: [course(w.source.id)] },
    });
    const { trackingId, statuses } = res.json();
    const hidden = await t
      .as('cx-admin')
      .call(courseCopyApi.status, { query: { organizationId: other.institution.id, trackingId } });
    expect(hidden.statusCode).toBe(404);
    const badId = await t
      .as('cc-admin')
      .call(courseCopyApi.status, { query: { organizationId: w.institution.id, trackingId: 'not-a-uuid' } });
    expect(badId.statusCode).toBe(422);
    const retry = await t
      .as('cc-admin')
      .call(courseCopyApi.retry, { body: { organizationId: w.institution.id, ids: [statuses[0].id] } });
    expect(retry.statusCode).toBe(409);
    // failed, so only the institution check stands between it and a retry
    await t.db.update(copyJobs).set({ status: 'Failed' }).where(eq(copyJobs.id, statuses[0].id));
    const [failed] = await t.db.select().from(copyJobs).where(eq(copyJobs.id, statuses[0].id));
    const retryIn = (organizationId: number) =>
      t.as('cx-admin').call(courseCopyApi.retry, { body: { organizationId, ids: [statuses[0].id] } });
    const foreignRetry = await retryIn(other.institution.id);
    expect(foreignRetry.statusCode).toBe(404);
    expect(foreignRetry.json()).toMatchObject({ message: 'error.copyNotFound' });
    const noRights = await retryIn(w.institution.id);
    expect(noRights.statusCode).toBe(403);
    expect(noRights.json()).toMatchObject({ message: 'error.accessDenied' });
    expect(await t.db.select().from(copyJobs).where(eq(copyJobs.id, statuses[0].id))).toEqual([failed]);
  });
});

describe('child course requests', () => {
  it('queues a child course of a parent and refuses a child of a child (106)', async () => {
    const res = await t.as('cc-admin').call(courseCopyApi.createChild, {
      body: {
        organizationId: w.institution.id,
        parentSectionId: w.source.id,
        courseName: 'Biology 101 - Lab',
        startDate: w.source.startDate,
        endDate: w.source.endDate,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'child', message: COPY_MESSAGES.childStarted });
    expect(res.json().statuses[0]).toMatchObject({ sourceSectionId: w.source.id, status: 'notstarted' });

    const child = await copySection(t.db, w.institution.id, {
      productId: w.product.id,
      courseType: 'child',
      parentSectionId: w.source.id,
    });
    const refused = await t.as('cc-admin').call(courseCopyApi.createChild, {
      body: {
        organizationId: w.institution.id,
        parentSectionId: child.id,
        courseName: 'Nested',
        startDate: day(1),
        endDate: day(20),
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'error.childCopyRefused',
      description: COPY_MESSAGES.childFailed,
      refused: [{ sectionId: child.id, code: 106 }],
    });
  });

  it('leaves the product table alone', async () => {
    const [p] = await t.db.select().from(products).where(eq(products.id, w.product.id));
    expect(p.status).toBe('active');
    const [s] = await t.db.select().from(sections).where(eq(sections.id, w.source.id));
    expect(s.courseType).toBe('standalone'); // becomes 'parent' only when the job creates the child
  });
});
