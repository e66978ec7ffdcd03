import type { FastifyInstance } from 'fastify';
import { authRoutes } from './modules/auth';
import { accountSetupRoutes } from './modules/account-setup';
import { institutionListRoutes } from './modules/institutions';
import { institutionDetailRoutes } from './modules/institutions';
import { courseRoutes } from './modules/courses';
import { rosterRoutes } from './modules/rosters';
import { fileRoutes } from './modules/files';
import { reportRoutes } from './modules/reports';
import { adminToolsRoutes } from './modules/admin-tools';
import { courseCopyRoutes } from './modules/course-copy';
import { alertRoutes } from './modules/alerts';
import { usersRoutes } from './modules/users';
import { bulkAccountsRoutes } from './modules/bulk-accounts';
import { rolesRoutes } from './modules/roles';
import { internalUsersRoutes } from './modules/internal-users';
import { productsRoutes } from './modules/products';
import { offerRoutes } from './modules/offers';
import { ltiConsoleRoutes, ltiProtocolRoutes } from './modules/lti';
import { auditRoutes } from './modules/audit';
import { actAsRoutes } from './modules/act-as';
import { recycleBinRoutes } from './modules/recycle-bin';

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
  await app.register(productsRoutes);
  await app.register(offerRoutes);
  await app.register(ltiConsoleRoutes);
  await app.register(ltiProtocolRoutes);
  await app.register(auditRoutes);
  await app.register(actAsRoutes);
  await app.register(recycleBinRoutes);
}
