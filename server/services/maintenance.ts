import { asc, eq, isNull, or } from 'drizzle-orm';
import { STATUS } from '#contract/envelope.ts';
import { isUnderMaintenance, type MaintenanceData } from '#contract/maintenance.ts';
import type { Db } from '../db/client.ts';
import { settingsMaintenance } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';

export const NO_MAINTENANCE: MaintenanceData = {
  customerWebFlag: false,
  showSettingMaintenanceAlert: false,
  message: '',
};

/** The company's own setting wins; otherwise the global one (company null); otherwise none. */
export async function getMaintenance(db: Db, companyId?: string | null): Promise<MaintenanceData> {
  const where = companyId
    ? or(eq(settingsMaintenance.companyId, companyId), isNull(settingsMaintenance.companyId))
    : isNull(settingsMaintenance.companyId);
  const rows = await db
    .select({
      customerWebFlag: settingsMaintenance.customerWebFlag,
      showSettingMaintenanceAlert: settingsMaintenance.showSettingMaintenanceAlert,
      message: settingsMaintenance.message,
      companyId: settingsMaintenance.companyId,
    })
    .from(settingsMaintenance)
    .where(where)
    .orderBy(asc(settingsMaintenance.companyId)) // nulls sort last: the company's row first
    .limit(1);
  if (!rows[0]) return NO_MAINTENANCE;
  const { companyId: _, ...data } = rows[0];
  return data;
}

export const DEFAULT_MAINTENANCE_MESSAGE = 'The system is under maintenance. Please try again later.';

/** Refuses with 503 and the company's message while its console is under maintenance. */
export async function assertNotUnderMaintenance(db: Db, companyId?: string | null) {
  refuseDuringMaintenance(await getMaintenance(db, companyId));
}

/** Throws the 503 of a maintenance that is on; returns when it is off. */
export function refuseDuringMaintenance(maintenance: MaintenanceData) {
  if (isUnderMaintenance(maintenance)) {
    throw new ApiError(
      503,
      STATUS.maintenance,
      maintenance.message || DEFAULT_MAINTENANCE_MESSAGE,
      maintenance,
    );
  }
}
