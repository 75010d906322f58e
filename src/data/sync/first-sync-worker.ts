/// <reference lib="webworker" />

import { openLocalDb } from '@/data/db/local-db';
import type { FirstSyncMessage, FirstSyncRequest } from '@/data/sync/first-sync';
import { type FirstSyncOutcome, firstSync } from '@/data/sync/first-sync-round';
import { httpTransport } from '@/data/sync/transport';
import { httpUploads } from '@/data/uploads/upload-queue';

declare const self: DedicatedWorkerGlobalScope;

const tell = (message: FirstSyncMessage) => self.postMessage(message);

/**
 * Runs one first sync for the user the page names: hands the page each answer as it arrives (its
 * lists show the rows while they are written), then says how it ended and closes (first-sync.ts).
 */
self.onmessage = async (event: MessageEvent<FirstSyncRequest>) => {
  const { companyID, userID, token } = event.data;
  const db = openLocalDb(companyID, userID);
  let outcome: FirstSyncOutcome['kind'] | 'failed' = 'failed';
  try {
    ({ kind: outcome } = await firstSync(db, {
      transport: httpTransport({ getToken: () => token }),
      uploads: httpUploads(() => token),
      locks: navigator.locks,
      onPulled: (changes) => tell({ kind: 'pulled', dbName: db.name, changes }),
    }));
  } catch {
    outcome = 'failed';
  } finally {
    db.close();
    tell({ kind: 'ended', outcome });
    self.close();
  }
};
