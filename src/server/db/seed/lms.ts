import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import {
  lmsCoursePairings,
  lmsDeployments,
  lmsIntegrations,
  lmsKeyStore,
  ltiLaunchLog,
  ltiRegistrationLinks,
} from '../schema';
import { PERSONA_PLACES } from './personas';
import { bulkInsert } from './bulk';
import type { SeedContext, SeededInstitution } from './context';
import { dayToTime, isoDate } from './dates';
import type { SectionDraft } from './sections';
import { DEMO_SEED, Rng } from './random';
import type { LmsKind } from './world-data';

const LMS_NAMES: Record<LmsKind, string> = {
  canvas: 'Canvas LMS',
  blackboard: 'Blackboard Learn',
  moodle: 'Moodle',
  d2l: 'D2L Brightspace',
};

function platformUrls(kind: LmsKind, inst: SeededInstitution, clientId: string) {
  const host = inst.seed.domain.replace(/\.edu$/, '');
  switch (kind) {
    case 'canvas':
      return {
        issuer: 'https://canvas.instructure.com',
        authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
        authTokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
        keysetUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
      };
    case 'blackboard':
      return {
        issuer: 'https://blackboard.com',
        authLoginUrl: 'https://developer.blackboard.com/api/v1/gateway/oidcauth',
        authTokenUrl: 'https://developer.blackboard.com/api/v1/gateway/oauth2/jwttoken',
        keysetUrl: `https://developer.blackboard.com/api/v1/management/applications/${clientId}/jwks.json`,
      };
    case 'moodle':
      return {
        issuer: `https://moodle.${inst.seed.domain}`,
        authLoginUrl: `https://moodle.${inst.seed.domain}/mod/lti/auth.php`,
        authTokenUrl: `https://moodle.${inst.seed.domain}/mod/lti/token.php`,
        keysetUrl: `https://moodle.${inst.seed.domain}/mod/lti/certs.php`,
      };
    case 'd2l':
      return {
        issuer: `https://${host}.brightspace.com`,
        authLoginUrl: `https://${host}.brightspace.com/d2l/lti/authenticate`,
        authTokenUrl: 'https://auth.brightspace.com/core/connect/token',
        keysetUrl: `https://${host}.brightspace.com/d2l/.well-known/jwks`,
      };
  }
}

type IntegrationRow = {
  id: number;
  institutionId: number;
  lmsKind: string;
  deploymentId: string | null;
  status: string;
  createdAt: Date;
};

/**
 * LTI 1.3 integrations per institution with one key-store entry each (one RSA key pair, made
 * once, reused under different key ids), and LMS course pairings for the LMS-linked sections.
 */
export async function seedLms(
  ctx: SeedContext,
  institutions: SeededInstitution[],
  drafts: SectionDraft[],
  sectionIds: number[],
): Promise<{ integrations: number; pairings: number }> {
  const { db } = ctx;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const [publicJwk, privateJwk] = await Promise.all([exportJWK(publicKey), exportJWK(privateKey)]);
  const rows = await db.insert(lmsIntegrations).values(integrationValues(ctx, institutions)).returning({
    id: lmsIntegrations.id,
    institutionId: lmsIntegrations.institutionId,
    lmsKind: lmsIntegrations.lmsKind,
    deploymentId: lmsIntegrations.deploymentId,
    status: lmsIntegrations.status,
    createdAt: lmsIntegrations.createdAt,
  });
  await seedDeployments(ctx, rows);
  await seedLaunchLog(ctx, rows);

  const keyOf = (row: (typeof rows)[number]) => {
    const inst = institutions.find((i) => i.id === row.institutionId)!;
    return `demo-${inst.seed.key}-${row.lmsKind}-${row.id}`;
  };
  await db.insert(lmsKeyStore).values(
    rows.map((row) => {
      const kid = keyOf(row);
      return {
        integrationId: row.id,
        kid,
        alg: 'RS256',
        publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' },
        privateJwk: { ...privateJwk, kid, alg: 'RS256', use: 'sig' },
      };
    }),
  );

  const pairings = draftPairings(ctx, drafts, sectionIds, rows);
  await bulkInsert(db, lmsCoursePairings, pairings);
  return { integrations: rows.length, pairings: pairings.length };
}

/** The integrations to insert: each institution's LMSs, a retired one each, and two Pending ones. */
function integrationValues(ctx: SeedContext, institutions: SeededInstitution[]) {
  const { rng, faker, now } = ctx;
  const values = institutions.flatMap((inst) =>
    inst.seed.lms.map((kind, n) => {
      const clientId =
        kind === 'canvas' ? String(10_000_000_000_000 + rng.int(1, 99_999_999)) : faker.string.uuid();
      return {
        institutionId: inst.id,
        lmsKind: kind,
        name: `${LMS_NAMES[kind]}${n === 0 ? '' : ' (sandbox)'}`,
        clientId,
        deploymentId:
          kind === 'canvas'
            ? `${rng.int(1, 999)}:${faker.string.hexadecimal({ length: 40, prefix: '', casing: 'lower' })}`
            : faker.string.uuid(),
        ...platformUrls(kind, inst, clientId),
        createdAt: new Date(now.getTime() - rng.int(60, 700) * 86_400_000),
      };
    }),
  );
  // Products area: every institution also keeps a retired (disabled) integration of its main LMS,
  // so the readiness column has "LMS integration disabled" pairings to show.
  const retired = institutions.map((inst, n) => {
    const kind = inst.seed.lms[0];
    const clientId = `retired-${inst.seed.key}-${n}`;
    return {
      institutionId: inst.id,
      lmsKind: kind,
      name: `${LMS_NAMES[kind]} (retired)`,
      clientId,
      deploymentId: `retired-deployment-${n}`,
      status: 'disabled' as const,
      ...platformUrls(kind, inst, clientId),
      createdAt: new Date(now.getTime() - 900 * 86_400_000),
    };
  });
  values.push(...retired);
  // Two registrations that arrived through dynamic-registration links at the registrar's first
  // institution and wait for approval in the console (Pending), so the console shows one to approve.
  const pendingHome = institutions.find((i) => i.seed.key === PERSONA_PLACES.registrarInstitutions[0]);
  const pending = pendingHome
    ? (['moodle', 'd2l'] as const).map((kind, n) => {
        const clientId = demoUuid(`pending-client-${n}`);
        return {
          institutionId: pendingHome.id,
          lmsKind: kind,
          name: `${LMS_NAMES[kind]} (${n === 0 ? 'pilot' : 'continuing education'})`,
          clientId,
          deploymentId: demoUuid(`pending-deployment-${n}`),
          status: 'pending' as const,
          ...platformUrls(kind, pendingHome, clientId),
          createdAt: new Date(now.getTime() - (n + 1) * 3_600_000),
        };
      })
    : [];
  values.push(...pending);
  return values;
}

/** Each registration's deployment, and the used one-time links the Pending ones came through. */
async function seedDeployments({ db }: SeedContext, rows: IntegrationRow[]) {
  // each registration's deployment id maps to its own institution
  await db.insert(lmsDeployments).values(
    rows.map((r) => ({
      integrationId: r.id,
      deploymentId: r.deploymentId ?? '',
      institutionId: r.institutionId,
    })),
  );
  // only the token's hash is kept
  const pendingRows = rows.filter((r) => r.status === 'pending');
  if (pendingRows.length > 0) {
    await db.insert(ltiRegistrationLinks).values(
      pendingRows.map((r) => ({
        institutionId: r.institutionId,
        tokenHash: createHash('sha256').update(`demo-link-${r.id}`).digest('hex'),
        createdAt: new Date(r.createdAt.getTime() - 600_000),
        expiresAt: new Date(r.createdAt.getTime() + 23 * 3_600_000),
        usedAt: r.createdAt,
        integrationId: r.id,
      })),
    );
  }
}

/** Pairings of the LMS-linked sections, then of a good share of the current and future student courses. */
function draftPairings(
  ctx: SeedContext,
  drafts: SectionDraft[],
  sectionIds: number[],
  rows: IntegrationRow[],
): (typeof lmsCoursePairings.$inferInsert)[] {
  const { rng, now } = ctx;
  const primary = new Map<number, number>();
  for (const row of rows) if (!primary.has(row.institutionId)) primary.set(row.institutionId, row.id);
  const disabled = new Map(rows.filter((r) => r.status === 'disabled').map((r) => [r.institutionId, r.id]));
  const pairings: (typeof lmsCoursePairings.$inferInsert)[] = drafts.flatMap((d, k) => {
    if (d.customCourseId === null || d.productId === null) return [];
    const census = d.censusDuration > 0 ? d.censusDuration : rng.pick([7, 14, 21, 30, 45, 60]);
    return [
      {
        institutionId: d.institution.id,
        productId: d.productId,
        sectionId: sectionIds[k],
        integrationId: primary.get(d.institution.id) ?? null,
        // Unique per institution and integration (pairings_course_uq): the draft index is part of the id.
        lmsCourseId: d.lmsKind === 'blackboard' ? `_${10_000 + k}_${rng.int(1, 9)}` : String(100_000 + k * 7),
        lmsCourseName: `${d.courseName} (${d.sectionCode})`,
        customCourseId: d.customCourseId,
        lmsKind: d.lmsKind,
        censusDuration: census,
        freeAccessDuration: rng.int(1, Math.min(14, census - 1)),
        courseStartDate: isoDate(d.start),
        courseEndDate: isoDate(d.end),
        createdAt: new Date(Math.min(now.getTime(), dayToTime(d.start).getTime() - 10 * 86_400_000)),
      },
    ];
  });
  // Own generator, so the draws above stay as they were: most through the main integration,
  // some through the retired one.
  const extra = new Rng(DEMO_SEED + 14);
  drafts.forEach((d, k) => {
    if (d.customCourseId !== null || d.productId === null || d.useType !== 'studentuse') return;
    if (d.courseType === 'parent' || d.period === 'past' || !extra.chance(0.45)) return;
    const census = d.censusDuration > 0 ? d.censusDuration : extra.pick([7, 14, 21, 30, 45, 60]);
    const viaRetired = extra.chance(0.06);
    pairings.push({
      institutionId: d.institution.id,
      productId: d.productId,
      sectionId: sectionIds[k],
      integrationId: (viaRetired ? disabled : primary).get(d.institution.id) ?? null,
      lmsCourseId: `LMS-${200_000 + k}`,
      lmsCourseName: `${d.courseName}${d.sectionCode ? ` (${d.sectionCode})` : ''}`,
      customCourseId: null,
      lmsKind: null,
      censusDuration: census,
      freeAccessDuration: extra.int(1, Math.min(14, census - 1)),
      courseStartDate: isoDate(d.start),
      courseEndDate: isoDate(d.end),
      createdAt: new Date(Math.min(now.getTime(), dayToTime(d.start).getTime() - 10 * 86_400_000)),
    });
  });
  return pairings;
}

/** A fixed uuid-shaped id from a name (the seed's shared generators are left untouched). */
function demoUuid(name: string) {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
/** Refusals a demo registration has seen now and then (codes of the launch validation). */
const DEMO_REFUSALS = [
  'lti.unknownKid',
  'lti.stateExpired',
  'lti.nonceReused',
  'lti.badAudience',
  'lti.expired',
];

/** The LMS course titles the demo launch log shows (with the course's number). */
const DEMO_COURSE_TITLES = [
  'Biology 101',
  'Chemistry 101',
  'Introduction to Psychology',
  'World History',
  'Calculus I',
];

/**
 * Launch-log rows over the last two weeks for the Active registrations, and a refused launch for the
 * disabled and Pending ones, so the console's last launch, last error and launch log show data.
 */
async function seedLaunchLog(
  ctx: SeedContext,
  rows: { id: number; institutionId: number; deploymentId: string | null; status: string }[],
) {
  const { db, now } = ctx;
  const rng = new Rng(DEMO_SEED + 16);
  const log: (typeof ltiLaunchLog.$inferInsert)[] = [];
  for (const r of rows) {
    const launches = r.status === 'active' ? rng.int(12, 40) : 1;
    for (let k = 0; k < launches; k++) {
      const refusedReason =
        r.status === 'pending'
          ? 'lti.registrationPending'
          : r.status === 'disabled'
            ? 'lti.registrationDisabled'
            : rng.chance(0.12)
              ? rng.pick(DEMO_REFUSALS)
              : null;
      const student = rng.chance(0.7);
      const deepLink = !student && rng.chance(0.15);
      // drawn in the order the seed always drew them (the demo data stays the same)
      const at = new Date(now.getTime() - rng.int(5, 14 * 24 * 60) * 60_000);
      const course = rng.int(1000, 1400);
      log.push({
        integrationId: r.id,
        institutionId: r.institutionId,
        at,
        deploymentId: r.deploymentId,
        contextId: `course-${course}`,
        contextTitle: `${DEMO_COURSE_TITLES[course % DEMO_COURSE_TITLES.length]} (${course})`,
        messageType: deepLink ? 'LtiDeepLinkingRequest' : 'LtiResourceLinkRequest',
        roles: [`${ROLE}${student ? 'Learner' : 'Instructor'}`],
        result: refusedReason ? 'refused' : 'accepted',
        reasonCode: refusedReason,
        sub: `demo-${r.id}-${rng.int(1, 400)}`,
      });
    }
  }
  await bulkInsert(db, ltiLaunchLog, log);
}
