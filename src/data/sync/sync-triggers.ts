import type { LocalDb } from '@/data/db/local-db';
import { onOutboxChange } from '@/data/outbox/outbox-signal';

export interface SyncTriggers {
  online(): void;
  offline(): void;
  /** The tab became visible again. */
  visible(): void;
  /** A write to this database's outbox, in any tab. */
  write(): void;
}

/** The browser events that start a sync; returns the function that stops listening. */
export function listenForTriggers(db: LocalDb, isVisible: () => boolean, triggers: SyncTriggers): () => void {
  const cleanups: (() => void)[] = [];
  const on = (target: EventTarget | undefined, type: string, fn: () => void) => {
    target?.addEventListener(type, fn);
    cleanups.push(() => target?.removeEventListener(type, fn));
  };
  on(globalThis.window, 'online', triggers.online);
  on(globalThis.window, 'offline', triggers.offline);
  on(globalThis.document, 'visibilitychange', () => isVisible() && triggers.visible());
  cleanups.push(onOutboxChange((name) => name === db.name && triggers.write()));
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
