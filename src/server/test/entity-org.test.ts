import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import { alertsApi } from '../../shared/contract/alerts';
import { bulkAccountsApi } from '../../shared/contract/bulk-accounts';
import { courseCopyApi } from '../../shared/contract/course-copy';
import { coursesApi } from '../../shared/contract/courses';
import { ltiApi } from '../../shared/contract/lti';
import { offersApi } from '../../shared/contract/offers';
import { optOutApi } from '../../shared/contract/opt-out';
import { productsApi } from '../../shared/contract/products';
import { rolesApi } from '../../shared/contract/roles';
import { rostersApi } from '../../shared/contract/rosters';
import { usersApi } from '../../shared/contract/users';
import {
  alertAcknowledgements,
  bulkImports,
  copyJobs,
  copyRequests,
  groupMembers,
  groups,
  lmsCoursePairings,
  optOutFiles,
  sectionAlerts,
  users,
} from '../db/schema';
import { createOffer, createProduct, createSection } from './course-fixtures';
import { createIntegration, createPairing } from './product-fixtures';
import { createInstitution, createRole, createUser, internalGroupRowId } from './fixtures';
import { createTestApp, type TestApp } from './harness';

/**
 * entityOrg (plugins/entity-org.ts), one request per entity kind: an admin of institution A asks
 * for an entity of institution B (403, and nothing about it is shown) and for an id nobody has (404).
 * Kinds declared `within` the institution the request names (user, pairing changes) answer 404 for
 * another institution's entity instead, after 403 for a caller without rights there.
 */
let t: TestApp;
let instA: number;
let adminA: number;
let b: {
  section: number;
  role: number;
  file: number;
  importId: string;
  institution: number;
  offer: number;
  ltiRegistration: number;
  user: number;
  pairing: number;
  copy: number;
  sectionAlert: number;
};

const UNKNOWN_IMPORT = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const alder = await createInstitution(t.db, 'eo Alder');
  const instB = await createInstitution(t.db, 'eo Birch');
  const admin = await createUser(t.db, 'eo-admin');
  await createRole(t.db, alder.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
  await createUser(t.db, 'eo-super', { superAdmin: true });
  instA = alder.id;
  adminA = admin.id;
  const adminB = await createUser(t.db, 'eo-admin-b');
  const roleB = await createRole(t.db, instB.id, 'Administrator', ADMIN_PERMISSIONS, [adminB.id]);
  const section = await createSection(t.db, { institutionId: instB.id });
  const [file] = await t.db
    .insert(optOutFiles)
    .values({
      institutionId: instB.id,
      fileName: 'optout.csv',
      contentType: 'text/csv',
      content: Buffer.from('email\n'),
      uploadedBy: adminB.id,
    })
    .returning();
  const [imp] = await t.db
    .insert(bulkImports)
    .values({
      institutionId: instB.id,
      uploadedBy: adminB.id,
      fileName: 'accounts.xlsx',
      fileSha256: '0'.repeat(64),
      fileSize: 1,
    })
    .returning();
  const product = await createProduct(t.db, 'eo Product');
  const offer = await createOffer(t.db, instB.id, product);
  const integration = await createIntegration(t.db, instB.id);
  const pairing = await createPairing(t.db, {
    institutionId: instB.id,
    productId: product.id,
    sectionId: section.id,
    integrationId: integration.id,
    lmsCourseId: 'eo-pairing',
    censusDuration: 10,
    freeAccessDuration: 2,
  });
  const [request] = await t.db
    .insert(copyRequests)
    .values({ institutionId: instB.id, requestedBy: adminB.id })
    .returning();
  const [copy] = await t.db
    .insert(copyJobs)
    .values({ requestId: request.id, sourceSectionId: section.id, courseName: 'eo copy', status: 'Failed' })
    .returning();
  const [alert] = await t.db
    .insert(sectionAlerts)
    .values({
      sectionId: section.id,
      institutionId: instB.id,
      alertType: 'low_enrollment',
      title: 'eo alert',
      alertDate: new Date(),
    })
    .returning();
  b = {
    copy: copy.id,
    sectionAlert: alert.id,
    section: section.id,
    role: roleB.id,
    file: file.id,
    importId: imp.id,
    institution: instB.id,
    offer: offer.id,
    ltiRegistration: integration.id,
    user: adminB.id,
    pairing: pairing.id,
  };
  await t.as('eo-admin').token();
  await t.as('eo-super').token();
});
afterAll(() => t?.close());

const admin = () => t.as('eo-admin');
const UNKNOWN = 2_000_000_000;

describe.each([
  {
    kind: 'section',
    missing: 'error.courseNotFound',
    url: () => admin().call(rostersApi.roster, { query: { sectionId: b.section } }),
    unknown: () => admin().call(rostersApi.roster, { query: { sectionId: UNKNOWN } }),
  },
  {
    kind: 'role',
    missing: 'error.roleNotFound',
    url: () => admin().call(rolesApi.members, { query: { groupId: b.role } }),
    unknown: () => admin().call(rolesApi.members, { query: { groupId: UNKNOWN } }),
  },
  {
    kind: 'file',
    missing: 'error.optOutFileNotFound',
    url: () => admin().call(optOutApi.report, { query: { fileId: b.file } }),
    unknown: () => admin().call(optOutApi.report, { query: { fileId: UNKNOWN } }),
  },
  {
    kind: 'import',
    missing: 'error.importNotFound',
    url: () => admin().call(bulkAccountsApi.get, { params: { importId: b.importId } }),
    unknown: () => admin().call(bulkAccountsApi.get, { params: { importId: UNKNOWN_IMPORT } }),
  },
  {
    kind: 'offer',
    missing: 'error.offerNotFound',
    url: () => admin().call(offersApi.detail, { params: { offerId: b.offer } }),
    unknown: () => admin().call(offersApi.detail, { params: { offerId: UNKNOWN } }),
  },
  {
    kind: 'ltiRegistration',
    missing: 'error.ltiRegistrationNotFound',
    url: () => admin().call(ltiApi.detail, { params: { registrationId: b.ltiRegistration } }),
    unknown: () => admin().call(ltiApi.detail, { params: { registrationId: UNKNOWN } }),
  },
])('entityOrg($kind)', ({ url, unknown, missing }) => {
  it("refuses another institution's id with 403", async () => {
    const res = await url();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: 'error.accessDenied' });
  });

  it('answers 404 for an id nobody has', async () => {
    const res = await unknown();
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: missing });
  });
});

describe("entityOrg('group'): a role or the internal-user group", () => {
  const remove = (groupId: number) =>
    admin().call(rolesApi.removeMember, { query: { groupId, memberType: 'identity_id', memberId: 1 } });

  it("refuses another institution's role with 403", async () => {
    expect((await remove(b.role)).statusCode).toBe(403);
  });

  it('answers 404 for an id nobody has', async () => {
    expect((await remove(2_000_000_000)).statusCode).toBe(404);
  });
});

describe("entityOrg('institution'): an institution id under another name (contextId, :id)", () => {
  it("refuses another institution's id with 403", async () => {
    expect((await admin().call(rolesApi.list, { query: { contextId: b.institution } })).statusCode).toBe(403);
  });

  it('refuses an institution nobody has with 403 too (no rights there)', async () => {
    expect((await admin().call(rolesApi.list, { query: { contextId: UNKNOWN } })).statusCode).toBe(403);
  });
});

/**
 * Users belong to several institutions, so a user id is checked against the institution the request
 * names (`within`): no rights there → 403 whatever the id; rights there → 404 unless the user is of it.
 */
describe("entityOrg('user', …, { within }): a user of the named institution, or the caller", () => {
  const piUser = (id: number, organizationId: number) =>
    admin().call(usersApi.getPiUser, { params: { id }, query: { organizationId } });

  it('shows a user of the institution (here the caller)', async () => {
    const res = await piUser(adminA, instA);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: adminA, username: 'eo-admin' });
  });

  it("answers 404 for another institution's user, as for an id nobody has", async () => {
    for (const id of [b.user, 2_000_000_000]) {
      const res = await piUser(id, instA);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: 'error.userNotFound' });
    }
    const assoc = await admin().call(usersApi.sections, {
      params: { id: b.user },
      query: { organizationId: instA },
    });
    expect(assoc.statusCode).toBe(404);
  });

  it('answers 403 in an institution without rights there, whether or not the user is of it', async () => {
    for (const id of [b.user, 2_000_000_000]) {
      const res = await piUser(id, b.institution);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, message: 'error.accessDenied' });
    }
  });

  it("does not change another institution's user named in a body", async () => {
    const before = (await t.db.select().from(users).where(eq(users.id, b.user)))[0];
    const res = await admin().call(usersApi.editPiUser, {
      query: { organizationId: instA },
      body: {
        userId: b.user,
        firstName: 'Changed',
        lastName: 'Name',
        email: 'eo-changed@example.edu',
        groupId: b.role,
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'error.userNotFound' });
    expect((await t.db.select().from(users).where(eq(users.id, b.user)))[0]).toEqual(before);
  });
});

describe("entityOrg('pairing')", () => {
  const superAdmin = () => t.as('eo-super');
  const change = (organizationId: number, pairingId = b.pairing) => ({
    query: { pairingId, organizationId },
  });
  const durations = { censusDuration: 30, freeAccessDuration: 1 };
  const pairingRow = async () =>
    (await t.db.select().from(lmsCoursePairings).where(eq(lmsCoursePairings.id, b.pairing)))[0];

  it('reads a pairing in its own institution; an id nobody has → 404', async () => {
    const res = await superAdmin().call(productsApi.pairing, { query: { pairingId: b.pairing } });
    expect(res.statusCode).toBe(200);
    expect(res.json().pairing).toMatchObject({ pairingId: b.pairing, institutionId: b.institution });
    const unknown = await superAdmin().call(productsApi.pairing, { query: { pairingId: UNKNOWN } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, message: 'error.pairingNotFound' });
  });

  it("answers 404 for another institution's pairing named with an institution, and changes nothing", async () => {
    const before = await pairingRow();
    const put = await superAdmin().call(productsApi.updatePairing, { ...change(instA), body: durations });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ message: 'error.pairingNotFound' });
    const del = await superAdmin().call(productsApi.removePairing, change(instA));
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ message: 'error.pairingNotFound' });
    expect((await superAdmin().call(productsApi.removePairing, change(instA, UNKNOWN))).statusCode).toBe(404);
    expect(await pairingRow()).toEqual(before);
  });

  it('refuses an institution admin (Products are not theirs) with 403', async () => {
    const res = await admin().call(productsApi.updatePairing, { ...change(b.institution), body: durations });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'error.accessDenied' });
  });
});

describe("entityOrgList('section', …, { within }): every id of a list is of the named institution", () => {
  const validations = (organizationId: number, ids: number[]) =>
    t
      .as('eo-admin')
      .call(courseCopyApi.validations, { query: { organizationId, sectionIds: ids.join(',') } });

  it("answers 404 when one id of the list is another institution's, as for an id nobody has", async () => {
    const own = await createSection(t.db, { institutionId: instA });
    expect((await validations(instA, [own.id])).statusCode).toBe(200);
    const mixed = await validations(instA, [own.id, b.section]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ status: 404, message: 'error.courseNotFound' });
    expect((await validations(instA, [own.id, 2_000_000_000])).statusCode).toBe(404);
  });

  it('answers 403 in an institution without rights there, whatever the ids', async () => {
    const res = await validations(b.institution, [b.section]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'error.accessDenied' });
  });

  it("copies nothing when a body list names another institution's section", async () => {
    const own = await createSection(t.db, { institutionId: instA });
    const course = (sectionId: number) => ({
      sectionId,
      courseName: 'eo copy',
      startDate: '2030-01-01',
      endDate: '2030-06-01',
    });
    const res = await t.as('eo-admin').call(courseCopyApi.copy, {
      body: { organizationId: instA, courses: [course(own.id), course(b.section)] },
    });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(copyJobs).where(eq(copyJobs.sourceSectionId, own.id))).toEqual([]);
  });
});

describe("entityOrgList('copy' | 'copyAlert' | 'sectionAlert', …, { within })", () => {
  const copyRow = async () => (await t.db.select().from(copyJobs).where(eq(copyJobs.id, b.copy)))[0];

  it("answers 404 for another institution's failed copy named in a retry, and requeues nothing", async () => {
    const before = await copyRow();
    const res = await t
      .as('eo-admin')
      .call(courseCopyApi.retry, { body: { organizationId: instA, ids: [b.copy] } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: 'error.copyNotFound' });
    expect(await copyRow()).toEqual(before);
    const noRights = await t
      .as('eo-admin')
      .call(courseCopyApi.retry, { body: { organizationId: b.institution, ids: [b.copy] } });
    expect(noRights.statusCode).toBe(403);
    expect(await copyRow()).toEqual(before);
  });

  it("answers 404 for another institution's alerts, and acknowledges nothing", async () => {
    const ack = (organizationId: number, body: { ids?: number[]; sectionIds?: number[] }) =>
      t.as('eo-admin').call(alertsApi.acknowledge, { query: { organizationId }, body });
    for (const body of [{ ids: [b.copy] }, { sectionIds: [b.sectionAlert] }]) {
      const res = await ack(instA, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: 'error.alertNotFound' });
      expect((await ack(b.institution, body)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(alertAcknowledgements)).toEqual([]);
  });
});

/** A role named beside the institution (users' role, a role to copy) must be one of it: else 404. */
describe("entityOrg('role', …, { within }): a role of the named institution", () => {
  let roleA: number;
  beforeAll(async () => {
    roleA = (await createRole(t.db, instA, 'eo Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD'], [])).id;
  });
  const membersOf = (userId: number) =>
    t.db.select().from(groupMembers).where(eq(groupMembers.userId, userId));

  it("refuses another institution's role or the internal group for a user (404), and writes nothing", async () => {
    const [self] = await t.db.select().from(users).where(eq(users.id, adminA));
    const roles = await membersOf(adminA);
    const userCount = (await t.db.select().from(users)).length;
    for (const groupId of [b.role, await internalGroupRowId(t.db, t.app.config.internalGroupId)]) {
      const edit = await t.as('eo-admin').call(usersApi.editPiUser, {
        query: { organizationId: instA },
        body: { userId: adminA, firstName: 'Changed', lastName: 'Name', email: self.email, groupId },
      });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toMatchObject({ status: 404, message: 'error.roleNotFound' });
      const created = await t.as('eo-admin').call(usersApi.createPiUser, {
        params: { id: instA },
        body: { firstName: 'New', lastName: 'Person', email: 'eo-new@example.edu', groupId },
      });
      expect(created.statusCode).toBe(404);
      const added = await t.as('eo-admin').call(usersApi.addUsers, {
        body: { userIds: [b.user], organizationId: instA, groupId },
      });
      expect(added.statusCode).toBe(404);
    }
    expect((await t.db.select().from(users).where(eq(users.id, adminA)))[0]).toEqual(self);
    expect(await membersOf(adminA)).toEqual(roles);
    expect(await membersOf(b.user)).toHaveLength(1);
    expect((await t.db.select().from(users)).length).toBe(userCount);
  });

  it("refuses copying another institution's role (404); no rights there → 403", async () => {
    const create = (contextId: number, copyFromGroupId: number) =>
      t.as('eo-admin').call(rolesApi.create, { body: { contextId, name: 'eo Copied', copyFromGroupId } });
    const foreign = await create(instA, b.role);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'error.roleNotFound' });
    expect((await create(b.institution, b.role)).statusCode).toBe(403);
    expect(await t.db.select().from(groups).where(eq(groups.name, 'eo Copied'))).toEqual([]);
    expect((await create(instA, roleA)).statusCode).toBe(201);
  });
});

describe("entityOrg('section', 'params', …, { within: 'params' }): current-generation course details", () => {
  const details = (organizationId: number, sectionId: number) =>
    t.as('eo-admin').call(coursesApi.cgDetails, { params: { organizationId, sectionId } });

  it("answers 404 for another institution's course named with one's own, 403 in the other institution", async () => {
    const res = await details(instA, b.section);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: 'error.courseNotFound' });
    expect((await details(b.institution, b.section)).statusCode).toBe(403);
    const own = await createSection(t.db, { institutionId: instA });
    expect((await details(instA, own.id)).statusCode).toBe(200);
  });
});
