import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { holdLocalData, localDataKey, openedLocalData } from '@/data/db/local-data';
import type { LocalDbEvent } from '@/data/db/local-db';
import { type LocalData, LocalDataContext } from '@/data/db/use-local-db';
import { useSession } from '@/data/session/use-session';
import { FloatingNotice } from '@/ui/floating-notice';

/**
 * Provides the signed-in user's database and sync engine (data/db/local-data.ts); lets go of them
 * on sign-out or when another user signs in.
 */
export function LocalDataProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const companyId = session?.companyID;
  const userId = session?.userID;
  // Opened before the first render (startLocalDataEarly): the screens have it from their first
  // render instead of rendering once without it. The effect below holds it.
  const [value, setValue] = useState<LocalData | null>(() =>
    companyId && userId ? openedLocalData(companyId, userId) : null,
  );
  const [notice, setNotice] = useState<LocalDbEvent | null>(null);

  useEffect(() => {
    if (!companyId || !userId) return;
    const held = holdLocalData(companyId, userId);
    const off = held.data.db.onEvent(setNotice);
    setValue(held.data);
    return () => {
      off();
      setValue(null);
      held.release();
    };
  }, [companyId, userId]);

  const current =
    value && companyId && userId && value.key === localDataKey(companyId, userId) ? value : null;
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
