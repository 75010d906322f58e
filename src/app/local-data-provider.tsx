import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { type LocalDbEvent, openLocalDb, requestPersistentStorage } from '@/data/db/local-db';
import { type LocalData, LocalDataContext } from '@/data/db/use-local-db';
import { getToken } from '@/data/session/session-store';
import { clearLocalData } from '@/data/session/sign-out';
import { useSession } from '@/data/session/use-session';
import { drainLockFor } from '@/data/sync/drain-lock';
import { createSyncEngine } from '@/data/sync/sync-engine';
import { httpTransport } from '@/data/sync/transport';
import { httpUploads } from '@/data/uploads/upload-queue';
import { FloatingNotice } from '@/ui/floating-notice';

/**
 * Opens the signed-in user's database and runs its sync engine; closes both on sign-out or when
 * another user signs in. A 401 from sync ends the session like any API call (api.ts): the outbox
 * stays in IndexedDB and is replayed when the same user signs in again.
 */
export function LocalDataProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const companyId = session?.companyID;
  const userId = session?.userID;
  const [value, setValue] = useState<LocalData | null>(null);
  const [notice, setNotice] = useState<LocalDbEvent | null>(null);

  useEffect(() => {
    if (!companyId || !userId) return;
    const db = openLocalDb(companyId, userId);
    void requestPersistentStorage();
    const engine = createSyncEngine({
      db,
      transport: httpTransport({ getToken }),
      uploads: httpUploads(getToken),
      lock: drainLockFor(db.name),
      onAuthRequired: () => void clearLocalData({ kind: 'expired' }),
    });
    const off = db.onEvent(setNotice);
    engine.start();
    setValue({ key: `${companyId}:${userId}`, db, engine });
    return () => {
      off();
      setValue(null);
      void engine.stop().finally(() => db.close());
    };
  }, [companyId, userId]);

  const current = value && value.key === `${companyId}:${userId}` ? value : null;
  return (
    <LocalDataContext.Provider value={current}>
      {children}
      {notice && <LocalDbNotice event={notice} onDismiss={() => setNotice(null)} />}
    </LocalDataContext.Provider>
  );
}

/** Non-blocking: the tab keeps showing what it has; Reload picks up the new version. */
function LocalDbNotice({ event, onDismiss }: { event: LocalDbEvent; onDismiss: () => void }) {
  const { t } = useLingui();
  const text =
    event.kind === 'versionchange'
      ? t`The console was updated in another tab. Reload this tab to keep working; your saved changes are kept.`
      : t`Close the other tabs of the console to finish the update.`;
  return (
    <FloatingNotice testId="local-db-notice" placement="bottom">
      <Text>{text}</Text>
      <HStack justify="flex-end">
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          <Trans>Later</Trans>
        </Button>
        <Button size="sm" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
      </HStack>
    </FloatingNotice>
  );
}
