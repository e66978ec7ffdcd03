import { describe, expect, it } from 'vitest';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { loginAs, useBrowser, waitForShell } from './fixtures';
import { fill } from './steps';

/** Users page: Add user picks the single account found and says why it is disabled; Notify confirms first. */

describe.each([
  ['en', 'en-US', en],
  ['fr', 'fr-FR', fr],
] as const)('users page actions (%s)', (lang, locale, texts) => {
  const b = useBrowser(`user-actions-${lang}`, { locale });

  it('Add user: says why it is disabled, and selects the one account Find returns', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    await page.getByTestId('users-table').waitFor();
    await page.getByRole('button', { name: texts.users.add.open }).click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByTestId('add-user-submit');
    expect(await submit.isDisabled()).toBe(true);
    expect(await dialog.getByTestId('add-user-why').textContent()).toBe(texts.users.add.findFirst);
    await dialog.getByLabel(texts.users.add.find).fill('instructor');
    await dialog.getByRole('button', { name: texts.users.add.search }).click();
    await expect.poll(() => dialog.getByRole('radio').count()).toBe(1);
    expect(await dialog.getByRole('radio').isChecked()).toBe(true);
    expect(await submit.isDisabled()).toBe(false);
    expect(await dialog.getByTestId('add-user-why').count()).toBe(0);
  });

  it('Notify asks first, naming the recipient; cancelling sends nothing', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    const row = page.getByTestId('user-row').first();
    await row.waitFor();
    const notifyButton = row.getByRole('button', {
      name: /^(Send an e-mail notification to|Envoyer une notification par courriel à) /,
    });
    const label = (await notifyButton.getAttribute('aria-label')) ?? '';
    const name = label.replace(/^.*? (to|à) /, '');
    await notifyButton.click();
    const text = page.getByTestId('notify-confirm-text');
    await text.waitFor();
    expect(await text.textContent()).toMatch(
      new RegExp(
        `^${fill(texts.users.notify.confirmText, { name: 'NAME', email: 'EMAIL' })
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('NAME', '(.+)')
          .replace('EMAIL', '(.+@.+)')}$`,
      ),
    );
    expect(await text.textContent()).toContain(name);
    await page.getByRole('button', { name: texts.users.notify.cancel }).click();
    await text.waitFor({ state: 'detached' });
    expect(await page.getByText(texts.users.notify.sent.split('{{')[0]).count()).toBe(0);

    await notifyButton.click();
    await page.getByTestId('confirm-notify').click();
    await page.getByText(texts.users.notify.sent.split('{{')[0]).first().waitFor();
  });
});
