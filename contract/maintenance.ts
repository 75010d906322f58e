import { z } from 'zod';

export const maintenanceQuery = z.object({ companyID: z.string().optional() });
export const maintenanceData = z.object({
  customerWebFlag: z.boolean(),
  showSettingMaintenanceAlert: z.boolean(),
  message: z.string(),
});
export type MaintenanceData = z.infer<typeof maintenanceData>;

/** The console must leave for /login when the alert is on for the customer web (spec section 4). */
export const isUnderMaintenance = (m: MaintenanceData) => m.customerWebFlag && m.showSettingMaintenanceAlert;
