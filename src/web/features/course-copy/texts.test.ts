import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import zh from '../../i18n/zh.json';
import { copyReasonText } from './texts';

const t = i18n.t.bind(i18n) as unknown as (key: string, params?: Record<string, unknown>) => string;

/** A course copy's failure reason reads in the user's language, whatever English the server stored. */
describe('copyReasonText', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'fr',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      resources: { en: { translation: en }, fr: { translation: fr }, zh: { translation: zh } },
    });
  });

  it('names the rule a course broke (codes 101-107) in French and Chinese', async () => {
    const s = {
      status: 'FailedPermanently' as const,
      reason: 'The course can no longer be copied: No Offers Available for Product.',
      reasonCode: 107,
    };
    await i18n.changeLanguage('fr');
    expect(copyReasonText(s, t)).toBe(
      `Le cours ne peut plus être copié : ${fr.courseCopy.validation['107']}.`,
    );
    await i18n.changeLanguage('zh');
    expect(copyReasonText(s, t)).toBe(`该课程已无法复制：${zh.courseCopy.validation['107']}。`);
    await i18n.changeLanguage('fr');
  });

  it('tells a failed attempt that will be retried from the last one', () => {
    const failed = { reason: 'The copy failed (attempt 1 of 5): boom.', reasonCode: 160 };
    expect(copyReasonText({ ...failed, status: 'Failed' }, t)).toBe(fr.courseCopy.reason.willRetry);
    expect(copyReasonText({ ...failed, status: 'FailedPermanently' }, t)).toBe(
      fr.courseCopy.reason.lastAttempt,
    );
  });

  it('explains a removed source, shows nothing for a success, keeps uncoded words as sent', () => {
    expect(
      copyReasonText(
        { status: 'notapplicable', reason: 'The course to copy was removed.', reasonCode: null },
        t,
      ),
    ).toBe(fr.courseCopy.reason.sourceRemoved);
    expect(copyReasonText({ status: 'succeeded', reason: null, reasonCode: null }, t)).toBeNull();
    expect(
      copyReasonText({ status: 'FailedPermanently', reason: 'Something else.', reasonCode: null }, t),
    ).toBe('Something else.');
  });
});
