import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copyValidationMessage,
  courseCopyApi,
  inclusiveOfferEndsBeforeCensus,
} from '../../../shared/contract/course-copy';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { auditLog, copyRequests } from '../../db/schema';
import {
  copyOffer,
  copyProduct,
  copySection,
  createCopyWorld,
  setInstitution,
} from '../../test/copy-fixtures';
import { day } from '../../test/course-fixtures';
import { addToInternalGroup, createRole, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { suggestedDates } from './copy-validation.service';

/** API tests of copy validation (codes 101-107) and of who may copy. */
let t: TestApp;
let w: Awaited<ReturnType<typeof createCopyWorld>>;
let other: Awaited<ReturnType<typeof createCopyWorld>>;
const [admin, viewer, internal, boss] = ['cc-admin', 'cc-viewer', 'cc-internal', 'cc-super'];

beforeAll(async () => {
  t = await createTestApp();
  w = await createCopyWorld(t.db, 'cc');
  other = await createCopyWorld(t.db, 'cx');
  const intern = await createUser(t.db, 'cc-internal');
  await addToInternalGroup(t.db, t.app.config.internalGroupId, intern.id);
  const superAdmin = await createUser(t.db, 'cc-super', { superAdmin: true });
  await createRole(t.db, other.institution.id, 'Provider', ADMIN_PERMISSIONS, [superAdmin.id]);
});
afterAll(() => t.close());

const course = (sectionId: number, name = 'Biology 101 - Fall') => ({
  sectionId,
  courseName: name,
  startDate: day(100),
  endDate: day(200),
});

function validate(who: string, organizationId: number, sectionIds: number[], userContextId?: number) {
  return t.as(who).call(courseCopyApi.validations, {
    query: {
      organizationId,
      sectionIds: sectionIds.join(','),
      ...(userContextId === undefined ? {} : { userContextId }),
    },
  });
}

describe('copy validation (codes 101-107)', () => {
  it('accepts a copyable section and previews the copy', async () => {
    const res = await t.as(admin).call(courseCopyApi.validation, {
      query: { organizationId: w.institution.id, sectionId: w.source.id },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sectionId: w.source.id, valid: true, code: null, message: null });
    expect(body.preview).toMatchObject({
      courseName: w.source.courseName,
      sectionCode: '002',
      censusDuration: 14,
    });
    expect(body.preview.startDate > w.source.endDate).toBe(true);
  });

  it('reaches every code through a real rule', async () => {
    const inst = w.institution.id;
    const make = async (values: Parameters<typeof copyProduct>[1], offer: string | null = 'APPROVED') => {
      const p = await copyProduct(t.db, values);
      if (offer) await copyOffer(t.db, inst, p.id, offer);
      return (await copySection(t.db, inst, { productId: p.id })).id;
    };
    const noProduct = (await copySection(t.db, inst, { productId: null })).id; // 101
    const legacy = await make({ platform: 'legacy' }); // 103
    const assessment = await make({ productType: 'assessment' }); // 104
    const retired = await make({ status: 'retired' }); // 105
    const child = (await copySection(t.db, inst, { productId: w.product.id, courseType: 'child' })).id; // 106
    const rejected = await make({}, 'REJECTED'); // 107 (only a rejected offer)
    const noOffer = await make({}, null); // 107
    const newOffer = await make({}, 'NEW'); // valid: NEW is active

    const res = await validate(admin, inst, [
      noProduct,
      legacy,
      assessment,
      retired,
      child,
      rejected,
      noOffer,
      newOffer,
    ]);
    expect(res.statusCode).toBe(200);
    const codes = res.json().validations.map((v: { code: number | null }) => v.code);
    expect(codes).toEqual([101, 103, 104, 105, 106, 107, 107, null]);
    expect(res.json().valid).toBe(false);
    for (const v of res.json().validations.filter((x: { code: number | null }) => x.code)) {
      expect(v.message).toBe(copyValidationMessage(v.code));
    }
    expect(res.json().validations[0].message).toBe('No Input Data Located in UCS');
    expect(res.json().validations[5].message).toBe('No Offers Available for Product');
  });

  it('answers 106 when the user named by userContextId may not copy', async () => {
    const res = await validate(admin, w.institution.id, [w.source.id], w.viewer.id);
    expect(res.json().validations[0]).toMatchObject({ code: 106, message: 'Copy Not Permitted' });
    const self = await validate(admin, w.institution.id, [w.source.id], w.admin.id);
    expect(self.json().validations[0].code).toBeNull();
  });

  it('answers 102 for an inactive institution (super admin reaches it)', async () => {
    const inst = await createCopyWorld(t.db, 'cc-inactive');
    await setInstitution(t.db, inst.institution.id, { active: false });
    const res = await validate(boss, inst.institution.id, [inst.source.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().validations[0]).toMatchObject({ code: 102, message: 'Invalid Organization' });
  });

  it('maps any other code to "Application Error" (160 and above)', () => {
    expect(copyValidationMessage(160)).toBe('Application Error');
    expect(copyValidationMessage(512)).toBe('Application Error');
    expect(copyValidationMessage(107)).toBe('No Offers Available for Product');
  });

  it('answers 404 for an unknown or removed section and for another institution’s', async () => {
    expect((await validate(admin, w.institution.id, [999_999])).statusCode).toBe(404);
    const removed = await copySection(t.db, w.institution.id, {
      productId: w.product.id,
      deletedAt: new Date(),
    });
    expect((await validate(admin, w.institution.id, [removed.id])).statusCode).toBe(404);
    const foreign = await validate(admin, w.institution.id, [other.source.id]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('error.courseNotFound');
  });

  it('rejects malformed section lists with 422', async () => {
    for (const ids of ['', 'a,b', '1,,2']) {
      const res = await t
        .as(admin)
        .call(courseCopyApi.validations, { query: { organizationId: w.institution.id, sectionIds: ids } });
      expect(res.statusCode).toBe(422);
    }
  });

  it('warns when the inclusive offer ends before the copy’s census date', () => {
    expect(inclusiveOfferEndsBeforeCensus('2027-01-04', 21, '2027-01-20')).toBe(true); // census 01/25
    expect(inclusiveOfferEndsBeforeCensus('2027-01-04', 21, '2027-01-25')).toBe(false);
    expect(inclusiveOfferEndsBeforeCensus('2027-01-04', -1, '2026-01-01')).toBe(false); // census not set
    expect(inclusiveOfferEndsBeforeCensus('2027-01-04', 21, null)).toBe(false); // no inclusive offer
  });

  it('suggests dates moved by whole weeks, after the source and not in the past', () => {
    expect(suggestedDates('2025-01-06', '2025-05-02', '2025-03-01')).toEqual(['2025-05-05', '2025-08-29']);
    expect(suggestedDates('2024-01-01', '2024-01-31', '2025-03-01')).toEqual(['2025-03-03', '2025-04-02']);
  });
});

describe('rights', () => {
  const denied = async (who: string, organizationId = w.institution.id) => {
    const { sectionId: _, ...child } = course(w.source.id);
    const calls = [
      t.as(who).call(courseCopyApi.copy, { body: { organizationId, courses: [course(w.source.id)] } }),
      t.as(who).call(courseCopyApi.createChild, {
        body: {
          organizationId,
          parentSectionId: w.source.id,
          ...child,
        },
      }),
      validate(who, organizationId, [w.source.id]),
      t.as(who).call(courseCopyApi.requests, { query: { organizationId } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('error.accessDenied');
    }
  };

  it('refuses users without CAN_COPY_EDIT_COURSES', () => denied(viewer));
  it('refuses internal users', () => denied(internal));
  it('refuses an administrator in another institution', () => denied(admin, other.institution.id));

  it('records refused copy attempts in the audit log and copies nothing', async () => {
    const before = await t.db.select({ n: count() }).from(copyRequests);
    await denied(viewer);
    const after = await t.db.select({ n: count() }).from(copyRequests);
    expect(after[0].n).toBe(before[0].n);
    const refused = await t.db.select().from(auditLog).where(eq(auditLog.outcome, 'denied'));
    expect(refused.some((r) => r.action === 'POST /api/courses/copy')).toBe(true);
  });

  it('asks for a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: courseCopyApi.copy.path,
      payload: { organizationId: w.institution.id, courses: [course(w.source.id)] },
    });
    expect(res.statusCode).toBe(401);
  });
});
