import { useTranslation } from 'react-i18next';

/** The audit actions the server writes, each shown as words (`audit.actions.*`, dots as `_`). */
export const AUDIT_ACTIONS = [
  'account.setup',
  'actAs.end',
  'actAs.start',
  'actAs.stop',
  'admin.create',
  'alert.acknowledge',
  'bulkImport.commit',
  'bulkImport.upload',
  'censusReport.export',
  'course.child.create',
  'course.child.request',
  'course.copy',
  'course.copy.request',
  'course.copy.retry',
  'course.create',
  'course.delete',
  'course.edit',
  'course.instructors',
  'course.restore',
  'create',
  'enrollment.drop',
  'enrollment.extendTrial',
  'enrollment.resendAccessMail',
  'identity.link',
  'institution.update',
  'internalUser.add',
  'internalUser.remove',
  'internalUser.restore',
  'login',
  'login.sso',
  'logout',
  'lti.key.rotate',
  'lti.pairing.create',
  'lti.registration.create',
  'lti.registration.delete',
  'lti.registration.dynamic',
  'lti.registration.reregister',
  'lti.registration.update',
  'lti.registrationLink.create',
  'lti.roster.drop',
  'lti.roster.syncNow',
  'optStatus.change',
  'optStatus.lateOverride',
  'optout.delete',
  'optout.upload',
  'password.change',
  'password.reset',
  'password.resetRequest',
  'products.pairing.create',
  'products.pairing.delete',
  'products.pairing.update',
  'recycleBin.purge',
  'reject',
  'report.CSReport',
  'report.CensusData',
  'report.ISReport',
  'role.copy',
  'role.create',
  'role.delete',
  'role.members.add',
  'role.members.change',
  'role.members.remove',
  'role.members.restore',
  'role.restore',
  'role.update',
  'roster.export',
  'route',
  'totp.codeRefused',
  'totp.disable',
  'totp.enable',
  'totp.reset',
  'user.addToInstitution',
  'user.create',
  'user.deactivate',
  'user.notify',
  'user.reactivate',
  'user.removeFromInstitution',
  'user.restoreToInstitution',
  'user.update',
] as const;

const known = new Set<string>(AUDIT_ACTIONS);

/** The catalog key of an action: i18next reads dots as nesting, so they are stored as `_`. */
export const actionKey = (action: string) => action.replaceAll('.', '_');

/**
 * An action in words, in the app's language; a denied route call ("POST /api/…") reads as
 * "called POST /api/…"; an unknown action as stored.
 */
export function useActionText() {
  const { t } = useTranslation();
  return (action: string) => {
    if (known.has(action)) return t(`audit.actions.${actionKey(action)}` as 'audit.actions.login');
    if (/^[A-Z]+ \//.test(action)) return `${t('audit.actions.route')} ${action}`;
    return action;
  };
}
