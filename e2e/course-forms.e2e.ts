import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { apiRoute, loginAs, useBrowser, waitForShell } from './fixtures';

/** Edit course information (custom course id, every error at once) and remove section, in en and fr. */

async function newCourse(token: string, name: string, sectionCode: string) {
  const s = await apiRoute(token, authApi.session);
  const res = await apiRoute(token, coursesApi.create, {
    body: {
      organizationId: s.institutions[0].orgId,
      courseName: name,
      startDate: '01/05/2027',
      endDate: '04/30/2027',
      sectionCode,
    },
  });
  return res.course.sectionId;
}

describe.each([
  ['en', 'en-US', en],
  ['fr', 'fr-FR', fr],
] as const)('course forms (%s)', (lang, locale, texts) => {
  const b = useBrowser(`course-forms-${lang}`, { locale });

  it('edit course information sets the custom course id and its LMS', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar')) as string;
    const sectionId = await newCourse(token, `E2E custom id ${lang} ${Date.now()}`, 'CID-1');
    await page.goto(`/institution/courseDetail/${sectionId}`);
    await waitForShell(page);
    await page.getByTestId('edit-course').click();
    const form = page.getByTestId('edit-course-form');
    const customId = `canvas-${lang}-${Date.now()}`;
    await form.getByTestId('custom-course-id').fill(customId);
    await form.getByTestId('lms-kind').click();
    await page.getByRole('option', { name: texts.courses.create.lms.canvas }).click();
    await form.getByTestId('save-course').click();
    await page.getByText(texts.courses.edit.updated).first().waitFor();
    const stored = await apiRoute(token, coursesApi.details, { query: { sectionId } });
    expect(stored.course).toMatchObject({ customCourseId: customId, lmsKind: 'canvas' });
    // opened again, the form shows what was stored
    await page.getByTestId('edit-course').click();
    expect(await page.getByTestId('custom-course-id').inputValue()).toBe(customId);
  });

  it('edit course information shows every field error at once', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar')) as string;
    const sectionId = await newCourse(token, `E2E errors ${lang} ${Date.now()}`, 'ERR-1');
    await page.goto(`/institution/courseDetail/${sectionId}`);
    await waitForShell(page);
    await page.getByTestId('edit-course').click();
    const form = page.getByTestId('edit-course-form');
    await form.getByTestId('course-name').fill('');
    await form.getByTestId('start-date').fill('13/45/2027');
    await form.getByTestId('end-date').fill('');
    await form.getByTestId('custom-course-id').fill('no-kind-1');
    await form.getByTestId('save-course').click();
    for (const message of [
      texts.validation.courseNameRequired,
      texts.validation.dateFormat,
      texts.validation.endDateRequired,
      texts.validation.lmsKindRequired,
    ]) {
      await form.getByText(message).first().waitFor();
    }
    expect(await form.locator('[aria-invalid=true]').count()).toBe(4);
  });

  it('the remove-section confirmation names the section code and dates', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar')) as string;
    const name = `E2E remove ${lang} ${Date.now()}`;
    const sectionId = await newCourse(token, name, 'RM-7');
    await page.goto(`/institution/courseDetail/${sectionId}`);
    await waitForShell(page);
    await page.getByTestId('remove-section').click();
    const expected = texts.courses.remove.text
      .replace('{{name}}', name)
      .replace('{{code}}', 'RM-7')
      .replace('{{start}}', '01/05/2027')
      .replace('{{end}}', '04/30/2027');
    await expect.poll(() => page.getByTestId('remove-text').textContent()).toBe(expected);
  });
});
