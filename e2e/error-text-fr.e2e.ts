import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ErrorResponse } from '../src/shared/contract/common';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { loginAs, useBrowser, waitForShell } from './fixtures';

/** A server refusal reads in the user's language: the web shows the catalog text of the answer's code. */
describe('server refusals in French', () => {
  const b = useBrowser('error-text-fr', { locale: 'fr-FR' });

  it('a bulk upload that is not really an .xlsx shows "Only .xlsx file format is allowed" in French', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.getByRole('tab', { name: fr.users.tabs.bulk }).click();
    const input = page.locator('[data-testid=bulk-dropzone] input[type=file]');
    await input.waitFor({ state: 'attached' });
    const answer = page.waitForResponse(
      (r) => r.url().includes('/bulkAccountCreation') && r.status() === 400,
    );
    // named and typed as a workbook, so the picker accepts it; the server finds it is not one
    await input.setInputFiles({
      name: 'accounts.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('firstName,lastName\nAda,Lovelace\n'),
    });
    const body = (await (await answer).json()) as z.infer<typeof ErrorResponse>;
    expect(body).toMatchObject({ message: 'error.xlsxOnly', description: en.error.xlsxOnly });
    const alert = page.getByTestId('bulk-upload-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(fr.error.xlsxOnly);
    expect(fr.error.xlsxOnly).not.toBe(en.error.xlsxOnly);
  });
});
