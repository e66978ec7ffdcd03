import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import zh from '../../i18n/zh.json';
import { sentenceText } from './change';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr }, zh: { translation: zh } },
    interpolation: { escapeValue: false },
  });
});

const names = {
  users: { '7': 'Ana Ruiz', '8': 'Bo Chen', '9': 'Terry Teacher' },
  groups: { '3': 'Registrar', '4': 'Instructor staff' },
};
const base = 'Terry Teacher did it to X';

/** action, before, after → the sentence's ending in en and fr ('' = the sentence is the base alone). */
const CASES: [string, unknown, unknown, string, string][] = [
  [
    'course.instructors',
    [{ userId: 9, role: 'instructor' }],
    [
      { userId: 9, role: 'instructor' },
      { userId: 7, role: 'ta' },
    ],
    ': + Ana Ruiz (TA)',
    ' : + Ana Ruiz (Assistant)',
  ],
  [
    'course.instructors',
    [
      { userId: 9, role: 'instructor' },
      { userId: 8, role: 'ta' },
    ],
    [{ userId: 9, role: 'instructor' }],
    ': − Bo Chen (TA)',
    ' : − Bo Chen (Assistant)',
  ],
  ['role.members.add', null, { userIds: [7, 8] }, ': + Ana Ruiz, + Bo Chen', ' : + Ana Ruiz, + Bo Chen'],
  [
    'role.members.add',
    null,
    { userIds: [7, 8, 9, 10, 11, 12, 13] },
    ': + Ana Ruiz, + Bo Chen, + Terry Teacher, + #10, + #11, and 2 more',
    ' : + Ana Ruiz, + Bo Chen, + Terry Teacher, + #10, + #11, et 2 autres',
  ],
  ['role.members.remove', { userId: 8 }, null, ': − Bo Chen', ' : − Bo Chen'],
  ['internalUser.remove', { userId: 7 }, null, ': − Ana Ruiz', ' : − Ana Ruiz'],
  [
    'user.addToInstitution',
    null,
    { userIds: [7], groupId: 3 },
    ': + Ana Ruiz (Registrar)',
    ' : + Ana Ruiz (Registrar)',
  ],
  [
    'role.members.change',
    { groupId: 3 },
    { groupId: 4, userIds: [8] },
    ': role Registrar → Instructor staff, + Bo Chen',
    ' : rôle Registrar → Instructor staff, + Bo Chen',
  ],
  [
    'user.deactivate',
    { status: 'active' },
    { status: 'disabled', sessionsEnded: 2 },
    ': status Active → Disabled',
    ' : statut Actif → Désactivé',
  ],
  [
    'user.update',
    { firstName: 'Ana', lastName: 'Ruiz', email: 'a@x.edu', groupId: 3 },
    { firstName: 'Ana', lastName: 'Ruiz-Diaz', email: 'a@x.edu', groupId: 4 },
    ': last name Ruiz → Ruiz-Diaz, role Registrar → Instructor staff',
    ' : nom Ruiz → Ruiz-Diaz, rôle Registrar → Instructor staff',
  ],
  [
    'course.edit',
    { courseName: 'Biology', endDate: '2026-03-01', version: 1 },
    { courseName: 'Biology', endDate: '2026-04-01', version: 2 },
    ': end date 03/01/2026 → 04/01/2026',
    ' : date de fin 03/01/2026 → 04/01/2026',
  ],
  [
    'optStatus.change',
    { optStatus: 'optin' },
    { optStatus: 'optout', reason: 'asked by mail' },
    ': opt status Opted in → Opted out',
    ' : statut d’inscription Inscrit (opt-in) → Désinscrit (opt-out)',
  ],
  [
    'products.pairing.update',
    { censusDuration: 14, freeAccessDuration: 7 },
    { censusDuration: 21, freeAccessDuration: 7 },
    ': census duration 14 → 21',
    ' : durée jusqu’au recensement 14 → 21',
  ],
  [
    'institution.update',
    { offerType: 'OPT_IN', inclusiveAccess: false, timeZone: null, version: 3 },
    { offerType: 'INCLUSIVE_ACCESS', inclusiveAccess: true, timeZone: 'America/Chicago', version: 4 },
    ': offer type Opt-in → Inclusive Access, inclusive access no → yes, time zone — → America/Chicago',
    ' : type d’offre Sur inscription → Accès inclusif, accès inclusif non → oui, fuseau horaire — → America/Chicago',
  ],
  [
    'lti.registration.update',
    { status: 'active' },
    { status: 'disabled' },
    ': status Active → Disabled',
    ' : statut Actif → Désactivé',
  ],
  ['login', null, 'password', '', ''],
  ['course.delete', { courseName: 'Biology' }, null, '', ''],
];

describe('audit sentences with their change', () => {
  it.each(CASES)('%s %j → %j', (action, before, after, inEn, inFr) => {
    const row = { action, before, after, names };
    expect(sentenceText(i18n.getFixedT('en'), base, row)).toBe(`${base}${inEn}`);
    expect(sentenceText(i18n.getFixedT('fr'), base, row)).toBe(`${base}${inFr}`);
  });

  it('writes the change in Chinese with a full-width colon', () => {
    const row = { action: 'role.members.remove', before: { userId: 8 }, after: null, names };
    expect(sentenceText(i18n.getFixedT('zh'), base, row)).toBe(`${base}：− Bo Chen`);
  });
});
