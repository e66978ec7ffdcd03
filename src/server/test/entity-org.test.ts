import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import { bulkImports, optOutFiles } from '../db/schema';
import { createOffer, createProduct, createSection } from './course-fixtures';
import { createIntegration } from './product-fixtures';
import { bearer, createInstitution, createRole, createUser, login } from './fixtures';
import { createTestApp, type TestApp } from './harness';

/**
 * entityOrg (plugins/entity-org.ts), one request per entity kind: an admin of institution A asks
 * for an entity of institution B (403, and nothing about it is shown) and for an id nobody has (404).
 */
let t: TestApp;
let token: string;
let b: {
  section: number;
  role: number;
  file: number;
  importId: string;
  institution: number;
  offer: number;
  ltiRegistration: number;
};

const UNKNOWN_IMPORT = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const instA = await createInstitution(t.db, 'eo Alder');
  const instB = await createInstitution(t.db, 'eo Birch');
  const admin = await createUser(t.db, 'eo-admin');
  await createRole(t.db, instA.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
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
  const offer = await createOffer(t.db, instB.id, await createProduct(t.db, 'eo Product'));
  b = {
    section: section.id,
    role: roleB.id,
    file: file.id,
    importId: imp.id,
    institution: instB.id,
    offer: offer.id,
    ltiRegistration: (await createIntegration(t.db, instB.id)).id,
  };
  token = await login(t.app, 'eo-admin');
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const IMPORTS = '/api/registrarUser/instructor/bulkAccountCreation';

describe.each([
  {
    kind: 'section',
    missing: 'error.courseNotFound',
    url: () => `/api/courses/roster?sectionId=${b.section}`,
    unknown: '/api/courses/roster?sectionId=2000000000',
  },
  {
    kind: 'role',
    missing: 'error.roleNotFound',
    url: () => `/api/groupAuth/groupMember?groupId=${b.role}`,
    unknown: '/api/groupAuth/groupMember?groupId=2000000000',
  },
  {
    kind: 'file',
    missing: 'error.optOutFileNotFound',
    url: () => `/api/upload/optoutfile/report?fileId=${b.file}`,
    unknown: '/api/upload/optoutfile/report?fileId=2000000000',
  },
  {
    kind: 'import',
    missing: 'error.importNotFound',
    url: () => `${IMPORTS}/${b.importId}`,
    unknown: `${IMPORTS}/${UNKNOWN_IMPORT}`,
  },
  {
    kind: 'offer',
    missing: 'error.offerNotFound',
    url: () => `/api/institution/offers/${b.offer}`,
    unknown: '/api/institution/offers/2000000000',
  },
  {
    kind: 'ltiRegistration',
    missing: 'error.ltiRegistrationNotFound',
    url: () => `/api/lti/registrations/${b.ltiRegistration}`,
    unknown: '/api/lti/registrations/2000000000',
  },
])('entityOrg($kind)', ({ url, unknown, missing }) => {
  it("refuses another institution's id with 403", async () => {
    const res = await get(url());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: 'error.accessDenied' });
  });

  it('answers 404 for an id nobody has', async () => {
    const res = await get(unknown);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: missing });
  });
});

describe("entityOrg('group'): a role or the internal-user group", () => {
  const remove = (groupId: number) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/groupAuth/groupMember?groupId=${groupId}&memberType=identity_id&memberId=1`,
      headers: bearer(token),
    });

  it("refuses another institution's role with 403", async () => {
    expect((await remove(b.role)).statusCode).toBe(403);
  });

  it('answers 404 for an id nobody has', async () => {
    expect((await remove(2_000_000_000)).statusCode).toBe(404);
  });
});

describe("entityOrg('institution'): an institution id under another name (contextId, :id)", () => {
  it("refuses another institution's id with 403", async () => {
    expect((await get(`/api/groupAuth/group?contextId=${b.institution}`)).statusCode).toBe(403);
  });

  it('refuses an institution nobody has with 403 too (no rights there)', async () => {
    expect((await get('/api/groupAuth/group?contextId=2000000000')).statusCode).toBe(403);
  });
});
