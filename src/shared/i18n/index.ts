/**
 * The catalogs of the texts the server writes in the reader's language: e-mails (`mail.*`), the
 * field messages of a 422 (`field.*`) and the opt-out file's per-row reasons (`optOut.*`). They
 * live here, not in src/web/i18n, so the server reads them without the web's catalogs; same shape
 * and rules as those (every key in en, fr and zh; `{{name}}` placeholders).
 */
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };

export type ServerCatalog = typeof en;
export const SERVER_CATALOGS = { en, fr, zh } as const satisfies Record<string, ServerCatalog>;
