import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { apiRoute, loginAs, useBrowser, waitForShell } from './fixtures';
import { fill, openCourseWithOptedIn } from './steps';

/** Upload screens: counts with their plural forms, translated drop zones, the .xlsx-only picker. */

type Texts = typeof en;

/** A French/English count text the way i18next picks it (fr: 0 and 1 are singular). */
function plural(
  texts: Texts,
  lang: 'en' | 'fr',
  key: 'rowsRead' | 'enrollmentsChanged' | 'rowsNotMatched' | 'enrollmentsRestored' | 'keptChanged',
  count: number,
) {
  const one = lang === 'fr' ? count <= 1 : count === 1;
  const o = texts.institutions.optOut as unknown as Record<string, string>;
  return fill(o[`${key}_${one ? 'one' : 'other'}`], { count });
}

describe.each([
  ['en', 'en-US', en],
  ['fr', 'fr-FR', fr],
] as const)('upload texts (%s)', (lang, locale, texts) => {
  const b = useBrowser(`upload-texts-${lang}`, { locale });

  it('a one-row opt-out file reads "1 row read, 1 enrollment changed" and its removal "1 enrollment restored"', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar')) as string;
    await waitForShell(page);
    const session = await apiRoute(token, authApi.session);
    const orgId = session.institutions[0].orgId;
    const open = await openCourseWithOptedIn(token, orgId, 1, 'asc');
    const target = { sectionId: open.course.sectionId, email: open.students[0].email };
    const fileName = `optout-one-${lang}-${Date.now()}.csv`;
    const file = join(mkdtempSync(join(tmpdir(), 'cwa-optout-')), fileName);
    writeFileSync(
      file,
      ['Email,Section ID,Opt Status', `${target.email},${target.sectionId},optout`].join('\r\n'),
    );

    await page.getByTestId('opt-out-open').click();
    const input = page.locator('[data-testid=opt-out-dropzone] input[type=file]');
    expect(await input.getAttribute('aria-label')).toBe(texts.institutions.optOut.drop);
    await input.setInputFiles(file);
    const report = page.getByTestId('opt-out-report');
    await report.waitFor();
    const summary = fill(texts.institutions.optOut.summary, {
      rows: plural(texts, lang, 'rowsRead', 1),
      changed: plural(texts, lang, 'enrollmentsChanged', 1),
      notMatched: plural(texts, lang, 'rowsNotMatched', 0),
    });
    await report.getByText(summary).waitFor();
    await page.keyboard.press('Escape');

    await page.getByTestId('opt-out-open').click();
    const row = page.getByTestId('opt-out-files').locator('tr').filter({ hasText: fileName }).first();
    await row.getByTestId('delete-opt-out-file').click();
    await page.getByTestId('confirm-delete-file').click();
    const deleted = fill(texts.institutions.optOut.deleted, {
      reverted: plural(texts, lang, 'enrollmentsRestored', 1),
      kept: plural(texts, lang, 'keptChanged', 0),
    });
    await page.getByText(deleted).first().waitFor();
  });

  it('the bulk-upload picker offers .xlsx only and its drop zone is named in the language', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    await page.getByRole('tab', { name: texts.users.tabs.bulk }).click();
    const input = page.locator('[data-testid=bulk-dropzone] input[type=file]');
    await input.waitFor({ state: 'attached' });
    expect(await input.getAttribute('accept')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xlsx',
    );
    expect(await input.getAttribute('aria-label')).toBe(texts.bulk.drop);
  });
});
