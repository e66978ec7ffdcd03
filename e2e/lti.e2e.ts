import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { LANGUAGES } from './languages';

/** A catalog text with its {{placeholders}} filled in, as the page shows it. */
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(params[key]));

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The lines an element's text is rendered on (by the top of each character's box). */
const renderedLines = (el: Element) => {
  const lines: string[] = [];
  let current = '';
  let top: number | null = null;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const y = range.getBoundingClientRect().top;
      if (top !== null && y > top + 2) {
        lines.push(current);
        current = '';
      }
      top = y;
      current += text[i];
    }
  }
  lines.push(current);
  return lines;
};

/** Whether every line break falls between the parts of an identifier (after / : - _, before ., not inside ://). */
const breaksBetweenParts = (lines: string[]) =>
  lines.slice(0, -1).every((line, i) => {
    const next = lines[i + 1];
    if (line.endsWith(':/') || (line.endsWith(':') && next.startsWith('/'))) return false;
    return /[/:\-_]$/.test(line) || next.startsWith('.');
  });

type ReasonKey = keyof (typeof LANGUAGES)[number]['catalog']['ltiTool']['reasons'];
const reasonKey = (code: string) => code.replace(/^lti\./, '') as ReasonKey;

describe.each(LANGUAGES)('LTI 1.3 console, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`lti-${lang}`, { locale, permissions: ['clipboard-read', 'clipboard-write'] });
  const texts = catalog.lti;
  const row = (page: Page, name: string) =>
    page.locator(`[data-testid=lti-registration-row][data-name="${name}"]`);
  const menu = async (page: Page, name: string, action: keyof typeof texts.actions) => {
    await page.getByRole('button', { name: fill(texts.actions.menu, { name }), exact: true }).click();
    await page.getByRole('menuitem', { name: texts.actions[action] }).click();
  };

  it('registrar copies the tool URLs, adds, approves, rotates a key, makes a registration link and deletes', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/ltiIntegrations' });
    await waitForShell(page);
    await page.getByTestId('lti-registrations').waitFor();
    await page.getByTestId('lti-url-launch').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // issuers and client ids wrap only between their parts (the demo issuers do wrap at 1280 px),
    // each with its full value as a tooltip
    const ids = page.locator('[data-testid=lti-issuer], [data-testid=lti-client-id]');
    expect(await ids.count()).toBeGreaterThan(0);
    for (const id of await ids.all()) {
      const lines = await id.evaluate(renderedLines);
      expect(lines.join('')).toBe(await id.getAttribute('title'));
      expect(breaksBetweenParts(lines), lines.join(' | ')).toBe(true);
    }
    // a registration's last error: the reason in words, never its code (lti.badAudience…)
    const lastErrors = page.getByTestId('lti-last-error').getByTestId('lti-reason');
    expect(await lastErrors.count()).toBeGreaterThan(0);
    for (const reason of await lastErrors.all()) {
      const code = (await reason.getAttribute('data-code')) as string;
      expect(await reason.textContent()).toBe(catalog.ltiTool.reasons[reasonKey(code)]);
    }
    expect(await page.getByTestId('lti-registrations').textContent()).not.toMatch(/\blti\.[a-z]+[A-Z]\w*/);

    // the tool's URLs: each copy button puts the URL shown beside it on the clipboard
    const paths = {
      login: 'login',
      launch: 'launch',
      jwks: 'jwks',
      'deep-link': 'deep-link',
    };
    // no bare dynamic registration URL (it only fails without a one-time link); the LMS field names
    // and the services used are shown
    expect(await page.getByTestId('lti-url-registration').count()).toBe(0);
    await page.getByText(texts.tool.fields.jwks).waitFor();
    await page.getByTestId('lti-services').getByText(texts.tool.services).waitFor();
    for (const [key, path] of Object.entries(paths)) {
      const field = page.getByTestId(`lti-url-${key}`);
      const shown = (await field.getByTestId(`lti-url-${key}-value`).textContent()) ?? '';
      expect(shown).toMatch(new RegExp(`^https?://[^/]+/lti/${path}$`));
      await field.getByRole('button').click();
      await expect.poll(() => clipboard(page)).toBe(shown);
      await field.locator('[data-copied=true]').waitFor();
    }

    // add a registration by hand: first a bad URL is refused in the form, then it is added Active
    const name = `E2E Canvas ${lang}`;
    await page.getByTestId('lti-add').click();
    const form = page.getByTestId('lti-form');
    // no LMS is preselected
    expect(await form.getByTestId('lti-lms-kind').inputValue()).toBe('');
    await form.getByTestId('lti-lms-kind').click();
    await page.getByRole('option', { name: texts.kinds.canvas, exact: true }).click();
    await form.getByLabel(texts.form.name).fill(name);
    await form.getByLabel(texts.form.issuer).fill(`http://e2e-${lang}.example.edu`);
    await form.getByLabel(texts.form.clientId).fill(`e2e-client-${lang}`);
    await form.getByLabel(texts.form.deployments).fill(`e2e-dep-1\ne2e-dep-2`);
    await form.getByLabel(texts.form.authLoginUrl).fill(`https://e2e-${lang}.example.edu/auth`);
    await form.getByLabel(texts.form.authTokenUrl).fill(`https://e2e-${lang}.example.edu/token`);
    await form.getByLabel(texts.form.keysetUrl).fill(`https://e2e-${lang}.example.edu/jwks`);
    // each deployment is mapped to an institution: the second one to the registrar's other institution
    const deploymentInstitution = form.getByLabel(
      fill(texts.form.deploymentInstitutionOf, { id: 'e2e-dep-2' }),
    );
    const ownName = await deploymentInstitution.inputValue();
    await deploymentInstitution.click();
    const other = page.getByRole('option').filter({ hasNotText: ownName }).first();
    const otherName = ((await other.textContent()) ?? '').trim();
    expect(otherName).not.toBe('');
    await other.click();
    await expect.poll(() => deploymentInstitution.inputValue()).toBe(otherName);
    await page.getByTestId('lti-save').click();
    await form.getByText(texts.form.urlInvalid).waitFor();
    await form.getByLabel(texts.form.issuer).fill(`https://e2e-${lang}.example.edu`);
    await page.getByTestId('lti-save').click();
    await page.getByText(texts.created).first().waitFor();
    await row(page, name).waitFor();
    expect(await row(page, name).getByTestId('lti-status').textContent()).toBe(texts.status.active);
    expect(await row(page, name).textContent()).toContain('e2e-dep-2');

    // approve a Pending registration (the demo world has two that came by dynamic registration)
    const pendingRow = page
      .locator('[data-testid=lti-registration-row]')
      .filter({ has: page.getByTestId('lti-status').getByText(texts.status.pending, { exact: true }) })
      .first();
    const pendingName = (await pendingRow.getAttribute('data-name')) as string;
    expect(await pendingRow.textContent()).toContain(texts.dynamic);
    await menu(page, pendingName, 'approve');
    await page.getByText(fill(texts.approved, { name: pendingName })).waitFor();
    await expect
      .poll(() => row(page, pendingName).getByTestId('lti-status').textContent())
      .toBe(texts.status.active);

    // rotate the new registration's key, confirmed: the next key is published, the current one signs until then
    await menu(page, name, 'details');
    const detail = page.getByTestId('lti-detail');
    await detail.getByTestId('lti-key-row').first().waitFor();
    expect(await detail.getByText(`e2e-dep-2 → ${otherName}`).count()).toBe(1);
    expect(await detail.getByText(`e2e-dep-1 → ${ownName}`).count()).toBe(1);
    expect(await detail.getByTestId('lti-key-row').count()).toBe(1);
    await detail.getByTestId('lti-rotate').click();
    await page.getByText(texts.rotate.text).waitFor();
    await page.getByTestId('lti-confirm-rotate').click();
    await page.getByText(texts.rotated).waitFor();
    await expect.poll(() => detail.getByTestId('lti-key-row').count()).toBe(2);
    expect(await detail.locator('[data-testid=lti-key-row][data-state=signing]').count()).toBe(1);
    const next = detail.locator('[data-testid=lti-key-row][data-state=next]');
    expect(await next.count()).toBe(1);
    expect(await next.textContent()).toContain(texts.keyState.next.split('{{')[0].trim());
    await detail.getByTestId('lti-roster-none').waitFor();
    await detail.getByTestId('lti-no-launches').waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // the launch log of a demo registration, filtered by result
    const demo = page
      .locator('[data-testid=lti-registration-row]')
      .filter({ has: page.getByTestId('lti-status').getByText(texts.status.active, { exact: true }) })
      .filter({ hasNotText: 'E2E' })
      .first();
    const demoName = (await demo.getAttribute('data-name')) as string;
    await menu(page, demoName, 'details');
    await detail.getByTestId('lti-launch-row').first().waitFor();
    await detail.getByTestId('lti-launch-filter').getByText(texts.detail.refused, { exact: true }).click();
    await expect
      .poll(async () => {
        const results = await detail
          .getByTestId('lti-launch-row')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-result')));
        return results.length > 0 && results.every((r) => r === 'refused');
      })
      .toBe(true);
    const refusal = detail.getByTestId('lti-launch-row').first().getByTestId('lti-reason');
    const refusalCode = (await refusal.getAttribute('data-code')) as string;
    expect(refusalCode).toMatch(/^lti\.\w+$/);
    expect(await refusal.textContent()).toBe(catalog.ltiTool.reasons[reasonKey(refusalCode)]);
    expect(await detail.textContent()).not.toMatch(/\blti\.[a-z]+[A-Z]\w*/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // a one-time dynamic registration link, shown with its copy button
    await page.getByTestId('lti-create-link').click();
    const link = page.getByTestId('lti-link-url');
    await link.waitFor();
    const url = (await link.getByTestId('lti-link-url-value').textContent()) ?? '';
    expect(url).toMatch(/\/lti\/register\?link=[A-Za-z0-9_-]{43}$/);
    await link.getByRole('button').click();
    await expect.poll(() => clipboard(page)).toBe(url);

    // delete behind a confirmation that says launches will stop
    await menu(page, name, 'delete');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(fill(texts.delete.text, { name })).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('lti-confirm-delete').click();
    await page.getByText(fill(texts.deleted, { name })).waitFor();
    await row(page, name).waitFor({ state: 'detached' });
  });
});
