import { z } from 'zod';

export const maintenanceQuery = z.object({ companyID: z.string().optional() });
export const maintenanceData = z.object({
  customerWebFlag: z.boolean(),
  showSettingMaintenanceAlert: z.boolean(),
  message: z.string(),
});
export type MaintenanceData = z.infer<typeof maintenanceData>;

export { isUnderMaintenance } from './maintenance-rule.ts';
