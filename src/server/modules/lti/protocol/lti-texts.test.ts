/**
 * The protocol pages' texts are the server's (src/shared/i18n, ltiTool.*); the console shows the
 * same refusal reasons from the web catalogs. Both say the same, in every language.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_CATALOGS } from '../../../../shared/i18n';
import webEn from '../../../../web/i18n/en.json';
import webFr from '../../../../web/i18n/fr.json';
import webZh from '../../../../web/i18n/zh.json';
import { LTI_REASONS } from './lti-reasons';

const WEB = { en: webEn, fr: webFr, zh: webZh } as const;

describe('LTI refusal reasons in the server and web catalogs', () => {
  it.each(['en', 'fr', 'zh'] as const)('%s: the console and the refusal page say the same', (lang) => {
    expect(WEB[lang].ltiTool.reasons).toEqual(SERVER_CATALOGS[lang].ltiTool.reasons);
  });

  it('has a text for every reason the tool refuses with', () => {
    const texts = SERVER_CATALOGS.en.ltiTool.reasons as Record<string, string>;
    expect(Object.keys(LTI_REASONS).filter((r) => !texts[r])).toEqual([]);
  });
});
