/** The maintenance switches of spec section 4, as the API returns them (contract/maintenance.ts). */
export type MaintenanceState = {
  customerWebFlag: boolean;
  showSettingMaintenanceAlert: boolean;
  message: string;
};

/**
 * The console must leave for /login when the alert is on for the customer web (spec section 4).
 * In a file of its own without zod, for the light sign-in page.
 */
export const isUnderMaintenance = (m: MaintenanceState) => m.customerWebFlag && m.showSettingMaintenanceAlert;
