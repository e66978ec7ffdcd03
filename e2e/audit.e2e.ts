import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rolesApi } from '../src/shared/contract/roles';
import {
  apiLogin,
  apiRoute,
  loginAs,
  RESULTS_DIR,
  seriousViolations,
  useBrowser,
  waitForShell,
} from './fixtures';
import { LANGUAGES } from './languages';

/** A catalog text with its {{placeholders}} filled in, as the page shows it. */
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(params[key]));

describe.each(LANGUAGES)('Audit log (registrar), in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`audit-${lang}`, { locale });
  const texts = catalog.audit;

  it('filters to one role, expands its before/after diff, exports the CSV, and links from the role', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/institution' });
    await waitForShell(page);
    const orgId = Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));

    // two audited changes of a new role: created, then renamed
    const token = await apiLogin('registrar');
    const stamp = `${lang}-${Date.now()}`;
    const created = await apiRoute(token, rolesApi.create, {
      body: { contextId: orgId, name: `Audit ${stamp}`, permissions: ['CAN_ACCESS_ADMIN_DASHBOARD'] },
    });
    const roleId = created.group.groupId;
    await apiRoute(token, rolesApi.update, {
      query: { groupId: roleId },
      body: { name: `Audited ${stamp}`, version: created.group.version },
    });

    // the header link opens the page (not a tab); newest first
    await page.getByTestId('audit-link').click();
    await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
    await page.getByTestId('audit-rows').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // filter on the role: its two rows, the rename first
    await page.getByLabel(texts.entityType).fill('role');
    await page.getByLabel(texts.entityId).fill(String(roleId));
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => page.getByTestId('audit-row').count()).toBe(2);
    const rows = page.getByTestId('audit-row');
    // each row reads as a sentence: who, what in words, and the role by its name (no codes)
    const sentence = (i: number) => rows.nth(i).getByTestId('audit-sentence').textContent();
    // …ending with the change itself, in the app language ("…: name Audit x → Audited x")
    expect(await sentence(0)).toContain(
      fill(texts.change.sentence, {
        base: `${texts.actions.role_update} Audited ${stamp}`,
        change: `${texts.change.fields.name} Audit ${stamp} → Audited ${stamp}`,
      }),
    );
    expect(await sentence(1)).toContain(`${texts.actions.role_create} Audited ${stamp}`);
    expect(await rows.nth(0).textContent()).not.toContain('role.update');

    // the actor filter is a picker searched by name: the registrar wrote both rows
    const actor = page.getByTestId('filter-actor');
    await actor.click();
    await actor.fill('registrar');
    await page
      .getByRole('option', { name: /\(registrar\)/ })
      .first()
      .click();
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => page.url()).toContain('actorUserId=');
    await expect.poll(() => page.getByTestId('audit-row').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(RESULTS_DIR, `audit-sentences-${lang}-1280.png`), fullPage: true });
    expect(await rows.nth(0).textContent()).toContain(texts.outcomes.done);
    // when: MM/DD/YYYY with the time beside it, whatever the language
    expect(await rows.nth(0).getByRole('cell').nth(1).textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}/,
    );
    expect(page.url()).toContain(`entityId=${roleId}`);

    // expand the rename: field by field
    const expand = rows.nth(0).getByTestId('audit-expand');
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expand.click();
    const diff = page.getByTestId('audit-diff');
    await diff.waitFor();
    expect(await expand.getAttribute('aria-expanded')).toBe('true');
    const nameRow = diff.getByRole('row').filter({ hasText: /^name/ });
    expect(await nameRow.getByRole('cell').allTextContents()).toEqual([
      'name',
      `Audit ${stamp}`,
      `Audited ${stamp}`,
    ]);
    expect(await diff.textContent()).not.toContain('permissions');
    expect(await seriousViolations(page)).toEqual([]);

    // the date filters are the app's MM/DD/YYYY fields: from tomorrow hides both rows, from today shows them
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      const two = (n: number) => String(n).padStart(2, '0');
      return {
        us: `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`,
        iso: d.toLocaleDateString('en-CA'),
      };
    };
    const fromField = page.getByTestId('filter-from');
    expect(await fromField.getAttribute('placeholder')).toBe('MM/DD/YYYY');
    await fromField.pressSequentially(day(1).us);
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(day(1).iso);
    await page.getByTestId('audit-empty').waitFor();
    await fromField.fill('');
    await fromField.pressSequentially(day(0).us);
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(day(0).iso);
    await expect.poll(() => page.getByTestId('audit-row').count()).toBe(2);
    expect(await fromField.inputValue()).toBe(day(0).us);
    expect(await seriousViolations(page)).toEqual([]);

    // outcome filter: nothing refused for this role
    await page.getByTestId('filter-outcome').click();
    await page.getByRole('option', { name: texts.outcomes.refused }).click();
    await page.getByTestId('audit-apply').click();
    await page.getByTestId('audit-empty').waitFor();
    expect(await page.getByTestId('audit-empty').textContent()).toBe(texts.empty);
    await page.getByRole('button', { name: texts.clear }).click();
    await page.getByLabel(texts.entityType).fill('role');
    await page.getByLabel(texts.entityId).fill(String(roleId));
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => page.getByTestId('audit-row').count()).toBe(2);

    // export: the same two rows
    const download = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const csv = readFileSync((await (await download).path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Id,Date,Actor id,Actor,Acting as id,Acting as,Institution id,Action,Entity kind,Entity id,Outcome,Before,After,Request id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,registrar,,,${orgId},role.update,role,${roleId},done,`);
    expect(lines[1]).toContain(`Audited ${stamp}`);
    expect(lines[2]).toContain(`,role.create,role,${roleId},done,`);

    // the same rows as an Excel workbook, from the button beside
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.exportXlsx }).click();
    const file = await xlsxDownload;
    expect(file.suggestedFilename()).toBe('audit-log.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await file.path()) as string);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect(String(sheet.getRow(2).getCell(8).value)).toBe('role.update');
    expect(String(sheet.getRow(3).getCell(8).value)).toBe('role.create');

    // the role's "history of this item" link (members drawer of the Roles page) lands on the same filter
    const name = `Audited ${stamp}`;
    await page.goto('/roles');
    await page
      .getByRole('button', { name: fill(catalog.roles.matrix.actions, { name }), exact: true })
      .click();
    await page.getByRole('menuitem', { name: catalog.roles.actions.members }).click();
    const drawer = page.getByRole('dialog', { name: fill(catalog.roles.members.title, { name }) });
    await drawer.getByTestId('history-link').click();
    await page.waitForURL((url) => url.pathname === '/auditLog');
    expect(new URL(page.url()).searchParams.get('entityId')).toBe(String(roleId));
    await expect.poll(() => page.getByTestId('audit-row').count()).toBe(2);
    expect(await page.getByLabel(texts.entityId).inputValue()).toBe(String(roleId));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('filter-from').waitFor();
    await page.screenshot({ path: join(RESULTS_DIR, `audit-filters-${lang}-390.png`), fullPage: true });
  });
});
