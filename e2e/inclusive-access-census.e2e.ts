import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import zh from '../src/web/i18n/zh.json';
import { CENSUS_STUDENT_COLUMNS } from '../src/shared/contract/inclusive-access';
import { loginAs, seriousViolations, useBrowser } from './fixtures';
import { type Catalog, LANGUAGES } from './languages';

const TOTALS = ['enrollments', 'billable', 'nonBillable', 'optedOut'] as const;
type Line = Record<(typeof CENSUS_STUDENT_COLUMNS)[number], string>;

/** The totals of a per-student file, counted as a reader would: lines, billable Yes/No, opted-out reasons. */
function count(lines: Line[]) {
  return {
    enrollments: lines.length,
    billable: lines.filter((l) => l.Billable === 'Yes').length,
    nonBillable: lines.filter((l) => l.Billable === 'No').length,
    optedOut: lines.filter((l) => l.Reason === 'Opted out').length,
  };
}

const LANGS = [...LANGUAGES, { lang: 'zh', locale: 'zh-CN', catalog: zh as unknown as Catalog }];

describe.each(LANGS)('the census report, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`inclusive-access-census-${lang}`, { locale });
  const texts = catalog.inclusiveAccess.census;

  it('reached from the overview; its CSV and .xlsx download, open, and add up to the totals on the page', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/institution/overview' });
    await page.getByTestId('census-link').click();
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
    await page.getByRole('table', { name: texts.courses }).waitFor();
    const shown: Record<string, number> = {};
    for (const k of TOTALS) {
      const card = page.getByTestId('census-totals').locator(`[data-total="${k}"]`);
      shown[k] = Number(await card.textContent());
    }
    expect(shown.enrollments).toBeGreaterThan(0);
    expect(shown.billable + shown.nonBillable).toBe(shown.enrollments);

    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('census-download-csv').click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^Census_\d+_current_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await csvFile.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const csvLines: Line[] = parse(text, { columns: true, skip_empty_lines: true });
    expect(Object.keys(csvLines[0])).toEqual([...CENSUS_STUDENT_COLUMNS]);
    expect(count(csvLines)).toEqual(shown);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('census-download-xlsx').click();
    const xlsxFile = await xlsxDownload;
    expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await xlsxFile.path()) as string);
    const sheet = wb.worksheets[0];
    const head = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(head).toEqual([...CENSUS_STUDENT_COLUMNS]);
    const xlsxLines: Line[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const v = (row.values as unknown[]).slice(1);
      xlsxLines.push(Object.fromEntries(head.map((h, i) => [h, String(v[i] ?? '')])) as Line);
    });
    expect(count(xlsxLines)).toEqual(shown);

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/inclusive-access-${lang}-census-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/inclusive-access-${lang}-census-390.png`, fullPage: true });
  });

  it('the overview at 1280 and 390 px', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/institution/overview' });
    await page.getByTestId('dash-periods').getByRole('table').waitFor();
    await page.screenshot({
      path: `test-results/inclusive-access-${lang}-overview-1280.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/inclusive-access-${lang}-overview-390.png`, fullPage: true });
  });
});
