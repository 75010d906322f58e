import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maintenanceData, maintenanceQuery } from '#contract/maintenance.ts';
import { ok, responses } from '../lib/envelope.ts';
import { getMaintenance } from '../services/maintenance.ts';

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the login page asks before anyone is signed in.
  app.get(
    '/v1/SettingMaintenance/GetSettingMaintenanceMessage',
    {
      config: { public: true },
      schema: {
        tags: ['SettingMaintenance'],
        security: [],
        querystring: maintenanceQuery,
        response: responses(maintenanceData),
      },
    },
    async (req) => ok(await getMaintenance(app.db, req.query.companyID)),
  );
};
