import type { FastifyInstance } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes';
import { accountSetupRoutes } from './modules/account-setup/account-setup.routes';
import { institutionListRoutes } from './modules/institutions/institutions.routes';
import { institutionDetailRoutes } from './modules/institutions/institution-details.routes';
import { courseRoutes } from './modules/courses/courses.routes';
import { rosterRoutes } from './modules/rosters/rosters.routes';
import { fileRoutes } from './modules/files/files.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { adminToolsRoutes } from './modules/admin-tools/admin-tools.routes';
import { courseCopyRoutes } from './modules/course-copy/course-copy.routes';
import { alertRoutes } from './modules/alerts/alerts.routes';
import { usersRoutes } from './modules/users/users.routes';
import { bulkAccountsRoutes } from './modules/bulk-accounts/bulk-accounts.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { internalUsersRoutes } from './modules/internal-users/internal-users.routes';

/** Every feature's routes. A feature adds one line here. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(accountSetupRoutes);
  await app.register(institutionListRoutes);
  await app.register(institutionDetailRoutes);
  await app.register(courseRoutes);
  await app.register(rosterRoutes);
  await app.register(fileRoutes);
  await app.register(reportRoutes);
  await app.register(adminToolsRoutes);
  await app.register(courseCopyRoutes);
  await app.register(alertRoutes);
  await app.register(usersRoutes);
  await app.register(bulkAccountsRoutes);
  await app.register(rolesRoutes);
  await app.register(internalUsersRoutes);
}
