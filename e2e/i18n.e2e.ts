import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, loginAs, tabLabels, useBrowser, waitForShell } from './fixtures';

const FRENCH_TABS = [
  'Cours',
  'Utilisateurs',
  'Rôles',
  'Produits',
  'Offres',
  'Accès inclusif',
  'Intégrations LTI 1.3',
  'Administration EAD',
];
const CHINESE_TABS = ['课程', '用户', '角色', '产品', '优惠', '全纳访问', 'LTI 1.3 集成', 'EAD 管理'];

async function chooseLanguage(page: Page, label: string) {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: label }).click();
}

describe('languages', () => {
  const b = useBrowser('i18n');

  it('Français and 中文 relabel the tabs; the choice survives a reload', async () => {
    const { page } = b;
    await loginAs(page, 'super');
    await waitForShell(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await chooseLanguage(page, 'Français');
    await expect.poll(() => tabLabels(page)).toEqual(FRENCH_TABS);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => tabLabels(page)).toEqual(FRENCH_TABS);
    expect(await page.getByTestId('logout').textContent()).toBe('Déconnexion');

    await chooseLanguage(page, '中文');
    await expect.poll(() => tabLabels(page)).toEqual(CHINESE_TABS);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => tabLabels(page)).toEqual(CHINESE_TABS);

    await chooseLanguage(page, 'English');
    await expect.poll(() => tabLabels(page)).toContain('Inclusive Access');
  });

  it('the browser language is used when nothing is stored', async () => {
    const context = await b.browser.newContext({
      baseURL: baseURL(),
      locale: 'fr-FR',
      reducedMotion: 'reduce',
    });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: "Connexion à l'administration Courseware" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await page.getByLabel("Nom d'utilisateur").count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('the login page has its own language choice, kept after login', async () => {
    const { page } = b;
    await page.goto('/login');
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByRole('heading', { name: '登录课件管理' }).waitFor();
    await page.getByLabel('用户名').fill('registrar');
    await page.getByLabel(/^密码/).fill('demo-pass-1');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/institution');
    await expect.poll(() => tabLabels(page)).toEqual(['课程', '用户', '角色', '优惠', 'LTI 1.3 集成']);
  });
});
