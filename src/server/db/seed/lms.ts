import { exportJWK, generateKeyPair } from 'jose';
import { lmsCoursePairings, lmsIntegrations, lmsKeyStore } from '../schema';
import { bulkInsert } from './bulk';
import type { SeedContext, SeededInstitution } from './context';
import { dayToTime, isoDate } from './dates';
import type { SectionDraft } from './sections';
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
  const { db, rng, faker, now } = ctx;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const [publicJwk, privateJwk] = await Promise.all([exportJWK(publicKey), exportJWK(privateKey)]);

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
  const rows = await db.insert(lmsIntegrations).values(values).returning({
    id: lmsIntegrations.id,
    institutionId: lmsIntegrations.institutionId,
    lmsKind: lmsIntegrations.lmsKind,
  });

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

  const primary = new Map<number, number>();
  for (const row of rows) if (!primary.has(row.institutionId)) primary.set(row.institutionId, row.id);
  const pairings = drafts.flatMap((d, k) => {
    if (d.customCourseId === null || d.productId === null) return [];
    const census = d.censusDuration > 0 ? d.censusDuration : rng.pick([7, 14, 21, 30, 45, 60]);
    return [
      {
        institutionId: d.institution.id,
        productId: d.productId,
        sectionId: sectionIds[k],
        integrationId: primary.get(d.institution.id) ?? null,
        lmsCourseId:
          d.lmsKind === 'blackboard' ? `_${rng.int(1000, 99_999)}_1` : String(rng.int(10_000, 999_999)),
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
  await bulkInsert(db, lmsCoursePairings, pairings);
  return { integrations: rows.length, pairings: pairings.length };
}
