import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit.ts';
import { certificateRoutes } from './certificate.ts';
import { companyRoutes } from './company.ts';
import { courseReportRoutes } from './course-report.ts';
import { employeeExtRoutes } from './employee-ext.ts';
import { fileRoutes } from './file.ts';
import { fileSignRoutes } from './file-sign.ts';
import { learnerRoutes } from './learner.ts';
import { loginRoutes } from './login.ts';
import { maintenanceRoutes } from './maintenance.ts';
import { notificationRoutes } from './notification.ts';
import { notificationSendRoutes } from './notification-send.ts';
import { passwordRoutes } from './password.ts';
import { reportRoutes } from './reports.ts';
import { resourceRoutes } from './resources.ts';
import { storeRoutes } from './store.ts';
import { syncRoutes } from './sync.ts';
import { tusRoutes } from './tus.ts';
import { userRoutes } from './user.ts';

/**
 * Everything under /api needs a live bearer session unless the route says `config.public`,
 * and every userID/companyID a request names must be the caller's own: one place, default deny.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.config.public && req.routeOptions.url) await app.authenticate(req);
  });
  // Before validation, on the request as sent: a schema strips keys it does not declare, and a
  // foreign companyID must be refused even where a route would have ignored it.
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config.public) await app.tenantGuard(req);
  });
  await app.register(loginRoutes);
  await app.register(passwordRoutes);
  await app.register(maintenanceRoutes);
  await app.register(userRoutes);
  await app.register(employeeExtRoutes);
  await app.register(notificationRoutes);
  await app.register(notificationSendRoutes);
  await app.register(fileRoutes);
  await app.register(fileSignRoutes);
  await app.register(resourceRoutes);
  await app.register(courseReportRoutes);
  await app.register(reportRoutes);
  await app.register(certificateRoutes);
  await app.register(storeRoutes);
  await app.register(companyRoutes);
  await app.register(auditRoutes);
  await app.register(syncRoutes);
  await app.register(tusRoutes);
  await app.register(learnerRoutes);
};
