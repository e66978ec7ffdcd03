import { useTranslation } from 'react-i18next';

/** The entity kinds audit rows name, each shown as words (`audit.kinds.*`). */
export const ENTITY_KINDS = [
  'account_request',
  'actAs.request',
  'alert',
  'bulkImport',
  'copy_job',
  'copy_request',
  'enrollment',
  'group',
  'identity',
  'institution',
  'lms_course_pairing',
  'lms_integration',
  'ltiPairing',
  'ltiRegistration',
  'ltiRegistrationLink',
  'opt_out_file',
  'password_reset',
  'request',
  'role',
  'route',
  'section',
  'session',
  'user',
] as const;
type EntityKind = (typeof ENTITY_KINDS)[number];

const isKind = (k: string): k is EntityKind => (ENTITY_KINDS as readonly string[]).includes(k);
/** i18next reads dots in keys as nesting: `actAs.request` is stored as `actAs_request`. */
const keyOf = (k: EntityKind) =>
  k.replace('.', '_') as Exclude<EntityKind, 'actAs.request'> | 'actAs_request';

/** An entity kind in words, in the app's language; an unknown kind as stored. */
export function useEntityKindText() {
  const { t } = useTranslation();
  return (kind: string) => (isKind(kind) ? t(`audit.kinds.${keyOf(kind)}`) : kind);
}
