import type { FastifyInstance } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes';
import { accountSetupRoutes } from './modules/account-setup/account-setup.routes';
import { institutionListRoutes } from './modules/institutions/institutions.routes';
import { institutionDetailRoutes } from './modules/institutions/institution-details.routes';
import { courseRoutes } from './modules/courses/courses.routes';
import { rosterRoutes } from './modules/rosters/rosters.routes';
import { optOutRoutes } from './modules/opt-out/opt-out.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { inclusiveAccessRoutes } from './modules/inclusive-access/ia.routes';
import { adminToolsRoutes } from './modules/admin-tools/admin-tools.routes';
import { courseCopyRoutes } from './modules/course-copy/course-copy.routes';
import { alertRoutes } from './modules/alerts/alerts.routes';
import { usersRoutes } from './modules/users/users.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { bulkAccountsRoutes } from './modules/bulk-accounts/bulk-accounts.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { internalUsersRoutes } from './modules/internal-users/internal-users.routes';
import { productsRoutes } from './modules/products/products.routes';
import { offerRoutes } from './modules/offers/offers.routes';
import { ltiConsoleRoutes, ltiProtocolRoutes } from './modules/lti';
import { auditRoutes } from './modules/audit/audit.routes';
import { accessExplainRoutes } from './modules/access-explain/access-explain.routes';
import { actAsRoutes } from './modules/act-as/act-as.routes';
import { recycleBinRoutes } from './modules/recycle-bin/recycle-bin.routes';
import { endSessionUrl } from './modules/sso';
import { ssoRoutes } from './modules/sso/sso.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { secondStep } from './modules/totp';
import { totpRoutes } from './modules/totp/totp.routes';

/**
 * Every feature's routes. A feature adds one line here, importing its routes file directly: a
 * feature's index.ts is its API for other features, and routes are no part of it.
 */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(authRoutes, { endSessionUrl, secondStep });
  await app.register(totpRoutes);
  await app.register(ssoRoutes);
  await app.register(accountSetupRoutes);
  await app.register(passwordResetRoutes, { secondStep });
  await app.register(institutionListRoutes);
  await app.register(institutionDetailRoutes);
  await app.register(courseRoutes);
  await app.register(rosterRoutes);
  await app.register(optOutRoutes);
  await app.register(reportRoutes);
  await app.register(inclusiveAccessRoutes);
  await app.register(adminToolsRoutes);
  await app.register(courseCopyRoutes);
  await app.register(alertRoutes);
  await app.register(usersRoutes);
  await app.register(peopleRoutes);
  await app.register(bulkAccountsRoutes);
  await app.register(rolesRoutes);
  await app.register(internalUsersRoutes);
  await app.register(productsRoutes);
  await app.register(offerRoutes);
  await app.register(ltiConsoleRoutes);
  await app.register(ltiProtocolRoutes);
  await app.register(auditRoutes);
  await app.register(accessExplainRoutes);
  await app.register(actAsRoutes);
  await app.register(recycleBinRoutes);
}
