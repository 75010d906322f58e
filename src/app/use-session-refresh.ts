import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionData } from '#contract/auth.ts';
import { sessionData } from '#contract/auth.ts';
import { isUnderMaintenance, maintenanceData } from '#contract/maintenance.ts';
import { apiGet } from '@/data/http/api';
import { setSession } from '@/data/session/session-store';
import { signOut } from '@/data/session/sign-out';

const REFRESH_MS = 5 * 60 * 1000;

/**
 * On start and every few minutes while online: fresh permissions and company name from the
 * server, and the maintenance switch that sends everyone to /login (spec section 4).
 */
export function useSessionRefresh(session: SessionData | null) {
  const userID = session?.userID;
  const companyID = session?.companyID;

  const fresh = useQuery({
    queryKey: ['session', userID],
    queryFn: ({ signal }) => apiGet('/v1/Login/Session', { schema: sessionData, signal }),
    enabled: !!userID,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  const maintenance = useQuery({
    queryKey: ['maintenance', companyID],
    queryFn: ({ signal }) =>
      apiGet('/v1/SettingMaintenance/GetSettingMaintenanceMessage', {
        schema: maintenanceData,
        query: { companyID },
        signal,
      }),
    enabled: !!companyID,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });

  useEffect(() => {
    if (fresh.data && fresh.data.userID === userID) setSession(fresh.data);
  }, [fresh.data, userID]);

  useEffect(() => {
    if (maintenance.data && isUnderMaintenance(maintenance.data)) {
      void signOut({ kind: 'maintenance', message: maintenance.data.message });
    }
  }, [maintenance.data]);
}
