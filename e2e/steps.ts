/**
 * Steps several browser tests share: catalog texts with their values, the chosen institution (as the
 * header's chooser stores it), a new account set up through its e-mailed link, the password form.
 * Spec files import them from `./fixtures`, which re-exports this file.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { accountSetupApi } from '../src/shared/contract/account-setup';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import { institutionsApi } from '../src/shared/contract/institutions';
import { rolesApi } from '../src/shared/contract/roles';
import { rostersApi } from '../src/shared/contract/rosters';
import { usersApi } from '../src/shared/contract/users';
import { STORAGE_KEYS } from '../src/web/lib/storage';
import { apiLogin, apiRoute, baseURL, mailsTo } from './fixtures';

export { STORAGE_KEYS };

/** A catalog text with its `{{placeholders}}` filled in, as i18next renders it. */
export const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(params[key]));

/** `fill`, then without the `<tag>` markup of a rich text (what the page shows as text). */
export const fillPlain = (text: string, params: Record<string, string | number>) =>
  fill(text, params).replace(/<\/?\w+>/g, '');

/** The form field whose label starts with `text` (a required field's label ends with " *"). */
export const labelled = (page: Page | Locator, text: string) => page.getByLabel(new RegExp(`^${text}`));

/** The localStorage key under which the web keeps a user's chosen institution. */
export const institutionKey = (userId: number) => `${STORAGE_KEYS.institution}.${userId}`;

/** Stores `institution` as the user's chosen one (what the header chooser stores), before the app loads. */
export async function storeInstitution(page: Page, userId: number, institution: object) {
  await page.goto('/healthz');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    institutionKey(userId),
    JSON.stringify(institution),
  ] as const);
}

/** Makes the institution called `name` the chosen one of the session's user; returns it. */
export async function chooseInstitution(page: Page, token: string, name: string) {
  const session = await apiRoute(token, authApi.session);
  const found = await apiRoute(token, institutionsApi.filterByName, { query: { name } });
  const inst = found.organizations[0];
  await storeInstitution(page, session.userId, inst);
  return inst;
}

/**
 * Picks an institution in the header's chooser: types `search`, clicks the option whose label matches
 * `option` (the list is replaced when the search answers, so never "the first option"), and waits for
 * the chooser to close.
 */
export async function pickInstitutionInHeader(page: Page, search: string, option: string | RegExp) {
  await page.getByTestId('institution-chooser').click();
  const dialog = page.getByRole('dialog');
  await page.getByTestId('institution-select').fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await dialog.waitFor({ state: 'detached' });
}

/** The last link of `kind` ("account/setup" or "password/reset") e-mailed to `to`, as path and query. */
export function lastLink(to: string, kind: string): string | null {
  const found = mailsTo(to)
    .map((m) => new RegExp(`https?://\\S+?(/${kind}\\?token=[\\w-]+)`).exec(m)?.[1])
    .filter(Boolean);
  return found.at(-1) ?? null;
}

/**
 * A new account (e-mail as user name) the registrar requests in its first institution with the
 * Instructor role; waits for its set-up mail and returns the link's path and query.
 */
export async function requestAccount(email: string, name: { firstName: string; lastName: string }) {
  const token = await apiLogin('registrar');
  const session = await apiRoute(token, authApi.session);
  const orgId = session.institutions[0].orgId;
  const { groups } = await apiRoute(token, rolesApi.list, { query: { contextId: orgId } });
  const role = groups.find((g) => g.name === 'Instructor') ?? groups[0];
  await apiRoute(token, usersApi.createPiUser, {
    params: { id: orgId },
    body: { ...name, email, username: email, groupId: role.groupId },
  });
  await expect.poll(() => lastLink(email, 'account/setup'), { timeout: 30_000 }).not.toBeNull();
  return lastLink(email, 'account/setup') as string;
}

/** A new active account: requested as `requestAccount` does, its password set through the link. */
export async function activeAccount(
  email: string,
  password: string,
  name: { firstName: string; lastName: string },
) {
  const link = await requestAccount(email, name);
  const setupToken = new URL(link, baseURL()).searchParams.get('token');
  const res = await fetch(`${baseURL()}${accountSetupApi.complete.path}`, {
    method: accountSetupApi.complete.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: setupToken, password, confirmPassword: password }),
  });
  expect(res.status).toBe(200);
}

/** The login form's first step in the page's language: user name, password, Sign in. */
export async function passwordStep(
  page: Page,
  login: { username: string; password: string; submit: string },
  username: string,
  password: string,
) {
  await page.goto('/login');
  await page.getByLabel(login.username).fill(username);
  await labelled(page, login.password).fill(password);
  await page.getByRole('button', { name: login.submit }).click();
}

/**
 * A course of the institution still before its census day (opt statuses may change) with `count`
 * opted-in students, current courses first; `order` of enrollment counts keeps two tests apart.
 */
export async function openCourseWithOptedIn(
  token: string,
  orgId: number,
  count: number,
  order: 'asc' | 'desc',
) {
  for (const period of ['CURRENT', 'FUTURE']) {
    const list = await apiRoute(token, coursesApi.list, {
      query: { organizationId: orgId, coursePeriod: period, sort: 'enrollmentCount', order, pageSize: 100 },
    });
    for (const course of list.courses.filter((c) => c.enrollmentCount >= count)) {
      const roster = await apiRoute(token, rostersApi.roster, {
        query: { sectionId: course.sectionId, pageSize: 200 },
      });
      if (roster.window.locked) continue;
      const students = roster.students.filter((x) => x.optStatus === 'optin').slice(0, count);
      if (students.length === count) return { course, students };
    }
  }
  throw new Error(`no course before its census day with ${count} opted-in students`);
}
