/**
 * The authorization matrix: every /api route of the running app × the six demo personas
 * (and anonymous) × their own institution (A) and a foreign one (B) answers as ONE declarative
 * table says: allowed → anything but 401/403; denied → 401 (anonymous) or 403, no row changed, and
 * for a refused write (403) one `denied` audit row.
 *
 * Adding a route (Products, Offers, LTI, …): add one line to `TABLE` in `authorization-matrix.data.ts` — `who` names the
 * audience from `AUDIENCES` (add an audience when none fits, written from the spec, not copied
 * from RULES), `req` builds a request valid enough that access, not validation, decides. A route
 * missing from the table fails the test with its name.
 *
 * What this relies on (src/server/plugins/access.ts): authentication runs in preValidation (a
 * stranger gets 401 whatever the body), authorization in preHandler, i.e. AFTER the body and query
 * are validated, and after the route's institution resolver (which answers 404 for unknown ids).
 * So every request here names existing rows and passes the contract.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessExplainApi } from '../../shared/contract/access-explain';
import { authApi } from '../../shared/contract/auth';
import { urlOf } from '../../shared/contract/route';
import { usersApi } from '../../shared/contract/users';
import { ADMIN_PERMISSIONS, RULE_NAMES } from '../../shared/permissions';
import {
  auditLog,
  bulkImports,
  copyJobs,
  copyRequests,
  groupMembers,
  optOutFiles,
  sectionAlerts,
  users as usersTable,
} from '../db/schema';
import { createOffer, createProduct, createSection } from './course-fixtures';
import { addToInternalGroup, bearer, createInstitution, createRole, createUser, login } from './fixtures';
import { AUDIENCES, PERSONAS, type Persona, type World } from './authorization-matrix.audiences';
import { FOREIGN_LISTS, TABLE } from './authorization-matrix.data';
import { createTestApp, type TestApp } from './harness';
import { createIntegration, createIsbnProduct, createPairing } from './product-fixtures';

let t: TestApp;
let w: World;
const tokens = new Map<Persona, string>();
const userIds = new Map<Persona, number>();
const refusedWrite = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/** A fingerprint of the tables a dashboard write can touch (not the audit log or sessions). */
const WATCHED = [
  'institutions',
  'sections',
  'section_instructors',
  'groups',
  'group_members',
  'memberships',
  'users',
  'copy_requests',
  'copy_jobs',
  'opt_out_files',
  'opt_out_changes',
  'alert_acknowledgements',
  'bulk_imports',
  'enrollments',
  'mail_outbox',
  'lms_course_pairings',
  'lms_integrations',
  'lms_deployments',
  'lms_key_store',
  'lti_registration_links',
];
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of WATCHED) {
    const res = await t.db.execute(
      sql.raw(`SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS h FROM ${table} x`),
    );
    const rows = (res as unknown as { rows: { h: string }[] }).rows ?? (res as unknown as { h: string }[]);
    parts.push(`${table}:${rows[0]?.h}`);
  }
  return parts.join('|');
}
const deniedCount = async () =>
  Number((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.outcome, 'denied')))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createInstitution(t.db, 'Matrix Alder College');
  const b = await createInstitution(t.db, 'Matrix Birch University');
  const c = await createInstitution(t.db, 'Matrix Staff Home');
  const mk = async (name: string, opts = {}) => createUser(t.db, name, opts);
  const users = {
    super: await mk('super', { superAdmin: true }),
    associate: await mk('associate', { associateSuperAdmin: true }),
    support: await mk('support', { nasupport: true }),
    registrar: await mk('registrar'),
    instructor: await mk('instructor'),
    internal: await mk('internal'),
  };
  // As the demo seed places them (src/server/db/seed/people.ts).
  await createRole(t.db, c.id, 'Administrator', ADMIN_PERMISSIONS, [
    users.super.id,
    users.associate.id,
    users.support.id,
  ]);
  await createRole(t.db, a.id, 'Administrator', ADMIN_PERMISSIONS, [users.registrar.id]);
  await createRole(
    t.db,
    a.id,
    'Instructor',
    ['CAN_COPY_EDIT_COURSES', 'CAN_ENROLL_STUDENTS', 'CAN_ACCESS_REPORTING_ANALYTICS'],
    [users.instructor.id],
  );
  await addToInternalGroup(t.db, t.app.config.internalGroupId, users.internal.id);
  const bAdmin = await mk('badmin');
  await createRole(t.db, b.id, 'Administrator', ADMIN_PERMISSIONS, [bAdmin.id]);
  const clerkA = await mk('clerka');
  const clerkB = await mk('clerkb');
  const roleA = await createRole(t.db, a.id, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD'], [clerkA.id]);
  const roleB = await createRole(t.db, b.id, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD'], [clerkB.id]);
  const secA = await createSection(t.db, { institutionId: a.id, courseName: 'Matrix A 101' });
  const secB = await createSection(t.db, { institutionId: b.id, courseName: 'Matrix B 101' });
  const role2A = await createRole(t.db, a.id, 'Clerk 2', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
  const role2B = await createRole(t.db, b.id, 'Clerk 2', ['CAN_ACCESS_ADMIN_DASHBOARD'], []);
  const file = async (institutionId: number) =>
    (
      await t.db
        .insert(optOutFiles)
        .values({
          institutionId,
          fileName: 'optout.csv',
          contentType: 'text/csv',
          content: Buffer.from('email\n'),
          uploadedBy: bAdmin.id,
        })
        .returning()
    )[0];
  const bulk = async (institutionId: number) =>
    (
      await t.db
        .insert(bulkImports)
        .values({
          institutionId,
          uploadedBy: bAdmin.id,
          fileName: 'accounts.xlsx',
          fileSha256: '0'.repeat(64),
          fileSize: 1,
          status: 'previewed',
        })
        .returning()
    )[0];
  const offered = await createProduct(t.db, 'Matrix Offer Product');
  const productWorld = async (inst: { id: number; organizationId: number }, sectionId: number) => {
    const product = await createIsbnProduct(t.db, `Matrix Product ${inst.id}`);
    await createOffer(t.db, inst.id, product);
    const integration = await createIntegration(t.db, inst.id);
    const pairing = await createPairing(t.db, {
      institutionId: inst.id,
      productId: product.id,
      sectionId,
      integrationId: integration.id,
      lmsCourseId: `matrix-pair-${inst.id}`,
      censusDuration: 10,
      freeAccessDuration: 2,
    });
    return {
      organizationId: inst.organizationId,
      urn: product.urn,
      isbn: product.isbn,
      productId: product.id,
      integrationId: integration.id,
      pairingId: pairing.id,
    };
  };
  const copy = async (institutionId: number, sourceSectionId: number) => {
    const [request] = await t.db
      .insert(copyRequests)
      .values({ institutionId, requestedBy: bAdmin.id })
      .returning();
    const [job] = await t.db
      .insert(copyJobs)
      .values({ requestId: request.id, sourceSectionId, courseName: 'Matrix copied', status: 'succeeded' })
      .returning();
    return job;
  };
  const alert = async (institutionId: number, sectionId: number) =>
    (
      await t.db
        .insert(sectionAlerts)
        .values({
          sectionId,
          institutionId,
          alertType: 'low_enrollment',
          title: 'Matrix',
          alertDate: new Date(),
        })
        .returning()
    )[0];
  w = {
    copy: { own: await copy(a.id, secA.id), foreign: await copy(b.id, secB.id) },
    sectionAlert: { own: await alert(a.id, secA.id), foreign: await alert(b.id, secB.id) },
    products: { own: await productWorld(a, secA.id), foreign: await productWorld(b, secB.id) },
    offer: { own: await createOffer(t.db, a.id, offered), foreign: await createOffer(t.db, b.id, offered) },
    lti: { own: await createIntegration(t.db, a.id), foreign: await createIntegration(t.db, b.id) },
    role2: { own: role2A, foreign: role2B },
    file: { own: await file(a.id), foreign: await file(b.id) },
    bulkImport: { own: await bulk(a.id), foreign: await bulk(b.id) },
    inst: { own: a, foreign: b },

    section: { own: secA, foreign: secB },
    role: { own: roleA, foreign: roleB },
    user: { own: clerkA, foreign: clerkB },
  };
  for (const p of PERSONAS) tokens.set(p, await login(t.app, p));
  for (const p of PERSONAS) userIds.set(p, users[p].id);
});
afterAll(() => t.close());

const apiRoutes = () =>
  t.app.declaredRoutes
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .map((r) => `${r.method} ${r.url}`);

/**
 * "Explain access" against the real routes: for every capability rule, one route that
 * declares it (a GET where there is one, else a write other than a delete), and for every persona
 * in their own and a foreign institution, explain's verdict (asked by the super admin) must be the
 * route's: allowed ⇔ not 403. Runs before the matrix below, on scratch sections so a delete here
 * removes nothing the matrix needs.
 */
describe('explain access agrees with the routes', () => {
  it('gives the real route answer for every rule × persona × institution', async () => {
    const scratch = {
      own: await createSection(t.db, { institutionId: w.inst.own.id, courseName: 'Explain A 101' }),
      foreign: await createSection(t.db, { institutionId: w.inst.foreign.id, courseName: 'Explain B 101' }),
    };
    const world: World = { ...w, section: scratch };
    const rank = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1);
    const declared = t.app.declaredRoutes.filter(
      (r) =>
        `${r.method} ${r.url}` in TABLE &&
        !(r.method !== 'GET' && (r.url.startsWith('/api/auth/') || r.url.startsWith('/api/act-as/'))),
    );
    const chosen = RULE_NAMES.map((rule) => ({
      rule,
      route: declared
        .filter((r) => r.access?.rule === rule)
        .sort((a, b) => rank(a.method) - rank(b.method))[0],
    }));
    // deletes last, so nothing a later rule's route names is gone
    chosen.sort((a, b) => rank(a.route?.method ?? 'GET') - rank(b.route?.method ?? 'GET'));
    const failures: string[] = [];
    const checked: string[] = [];
    for (const { rule, route } of chosen) {
      if (!route) continue;
      const key = `${route.method} ${route.url}`;
      for (const scope of ['own', 'foreign'] as const) {
        const verdicts: { persona: (typeof PERSONAS)[number]; allowed: boolean }[] = [];
        for (const persona of PERSONAS) {
          const res = await t.app.inject({
            method: accessExplainApi.explain.method,
            url: urlOf(accessExplainApi.explain, {
              query: { organizationId: w.inst[scope].id, userId: userIds.get(persona) as number, rule },
            }),
            headers: bearer(tokens.get('super') as string),
          });
          if (res.statusCode !== 200)
            failures.push(`explain ${rule} ${persona} (${scope}) → ${res.statusCode}`);
          else verdicts.push({ persona, allowed: res.json().allowed });
        }
        // refusals first: an allowed write may change what the next call finds
        verdicts.sort((a, b) => Number(a.allowed) - Number(b.allowed));
        for (const { persona, allowed } of verdicts) {
          const { url, payload } = TABLE[key].req(world, scope);
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: bearer(tokens.get(persona) as string),
            ...(payload ? { payload } : {}),
          });
          if ((res.statusCode === 403) === allowed)
            failures.push(
              `${rule} via ${key} as ${persona} (${scope}): explain ${allowed}, route ${res.statusCode}`,
            );
        }
      }
      checked.push(rule);
    }
    expect(failures).toEqual([]);
    // not compared: rules no route declares (they only shape the UI); a route missing from TABLE
    // is reported by the matrix test below
    const declaredByAnyRoute = (rule: string) => t.app.declaredRoutes.some((d) => d.access?.rule === rule);
    expect(RULE_NAMES.filter((r) => !checked.includes(r) && !declaredByAnyRoute(r))).toEqual([
      'searchAllInstitutions',
      'viewAdminTools',
      'overrideOptLock', // checked by the opt-status service once the course is past census
    ]);
  }, 600_000);
});

/**
 * Id lists (`entityOrgList`): a request naming the caller's institution and, in a list, another
 * institution's id answers 404 to whoever may call the route there, 403 to anyone else, and changes
 * nothing. Runs before the matrix, whose allowed calls may remove what these requests name.
 */
describe("authorization matrix: id lists naming another institution's ids", () => {
  it('has a line for every id list a route checks, and none other', () => {
    const declared = t.app.declaredRoutes.flatMap((r) => {
      const org = r.access?.org;
      return (typeof org === 'function' ? (org.lists ?? []) : []).map(
        (list) => `${r.method} ${r.url} ${list}`,
      );
    });
    const lines = Object.entries(FOREIGN_LISTS).flatMap(([key, lists]) =>
      Object.keys(lists).map((list) => `${key} ${list}`),
    );
    expect(lines.sort()).toEqual(declared.sort());
  });

  it('answers 404 in the caller’s institution, 403 without rights there; nothing changes', async () => {
    const failures: string[] = [];
    for (const [key, lists] of Object.entries(FOREIGN_LISTS)) {
      const [method] = key.split(' ');
      for (const [list, req] of Object.entries(lists)) {
        for (const persona of PERSONAS) {
          const expected = AUDIENCES[TABLE[key].who](persona, 'own') ? 404 : 403;
          const { url, payload } = req(w);
          const before = await fingerprint();
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: bearer(tokens.get(persona) as string),
            ...(payload ? { payload } : {}),
          });
          const label = `${key} ${list} as ${persona} → ${res.statusCode}`;
          if (res.statusCode !== expected)
            failures.push(`${label}: expected ${expected} ${res.body.slice(0, 200)}`);
          if ((await fingerprint()) !== before) failures.push(`${label}: rows changed`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('authorization matrix', () => {
  it('has a line for every route of the app', () => {
    const missing = apiRoutes().filter((key) => !(key in TABLE));
    expect(missing, `routes missing from the authorization matrix: ${missing.join(', ')}`).toEqual([]);
  });

  it('answers every route × persona × institution as the table says', async () => {
    const failures: string[] = [];
    // Denials first (they must change nothing), then the allowed calls (which may change rows).
    for (const phase of ['denied', 'allowed'] as const) {
      for (const key of apiRoutes()) {
        const row = TABLE[key];
        if (!row) continue;
        const [method, pattern] = key.split(' ');
        if (pattern === authApi.logout.path && phase === 'allowed') continue; // would end the persona's session
        for (const scope of ['own', 'foreign'] as const) {
          for (const persona of ['anonymous', ...PERSONAS] as Persona[]) {
            const allowed = AUDIENCES[row.who](persona, scope);
            if ((phase === 'allowed') !== allowed) continue;
            const { url, payload } = row.req(w, scope);
            const token = tokens.get(persona);
            const before = allowed ? '' : await fingerprint();
            const audits = allowed ? 0 : await deniedCount();
            const res = await t.app.inject({
              method: method as 'GET',
              url,
              headers: token ? bearer(token) : {},
              ...(payload ? { payload } : {}),
            });
            const label = `${key} as ${persona} (${scope}) → ${res.statusCode}`;
            if (allowed) {
              if ([401, 403].includes(res.statusCode))
                failures.push(`${label}: expected allowed ${res.body}`);
              continue;
            }
            const expected = persona === 'anonymous' ? 401 : 403;
            if (row.who === 'public') continue;
            if (res.statusCode !== expected) {
              failures.push(`${label}: expected ${expected} ${res.body.slice(0, 200)}`);
              continue;
            }
            if ((await fingerprint()) !== before) failures.push(`${label}: rows changed`);
            if (expected === 403 && refusedWrite(method) && (await deniedCount()) !== audits + 1) {
              failures.push(`${label}: no audit row for the refused write`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/**
 * Accounts belong to everyone who administers them: adding another institution's
 * account to one's own stays allowed, but its e-mail and names then change only by someone who
 * administers every institution of the account, or a super admin.
 */
describe('shared accounts in the matrix', () => {
  it("refuses the registrar rewriting the e-mail of another institution's account pulled in; a super admin may", async () => {
    const shared = await createUser(t.db, 'matrixshared');
    const role2B = w.role2.foreign.id;
    await t.db.insert(groupMembers).values({ groupId: role2B, userId: shared.id });
    const as = (persona: Persona, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(tokens.get(persona) as string), payload });
    const added = await as('registrar', usersApi.addUser.method, usersApi.addUser.path, {
      userId: shared.id,
      organizationId: w.inst.own.id,
      groupId: w.role.own.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const edit = (email: string) => ({
      userId: shared.id,
      firstName: shared.firstName,
      lastName: shared.lastName,
      email,
      groupId: w.role.own.id,
    });
    const url = urlOf(usersApi.editPiUser, { query: { organizationId: w.inst.own.id } });
    const before = await fingerprint();
    const audits = await deniedCount();
    const refused = await as('registrar', 'PUT', url, edit('attacker@evil.example'));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('error.sharedAccountFields');
    expect(await fingerprint()).toBe(before);
    expect(await deniedCount()).toBe(audits + 1);
    const bySuper = await as('super', 'PUT', url, edit('matrixshared-new@example.edu'));
    expect(bySuper.statusCode, bySuper.body).toBe(200);
    const [row] = await t.db.select().from(usersTable).where(eq(usersTable.id, shared.id));
    expect(row.email).toBe('matrixshared-new@example.edu');
  });
});
