/**
 * "The outbox changed" across tabs: the tab that holds the drain lock listens and sends at once,
 * whichever tab wrote. BroadcastChannel also reaches other listeners in the same tab.
 */
const CHANNEL = 'console-outbox';
type Listener = (dbName: string) => void;

const fallback = new Set<Listener>();
let sender: BroadcastChannel | null = null;
const hasChannel = () => typeof BroadcastChannel === 'function';

export function announceOutboxChange(dbName: string) {
  if (!hasChannel()) {
    for (const listener of fallback) listener(dbName);
    return;
  }
  if (!sender) {
    sender = new BroadcastChannel(CHANNEL);
    (sender as { unref?: () => void }).unref?.();
  }
  sender.postMessage({ db: dbName });
}

/** Calls `listener` for every announced change; returns the unsubscribe function. */
export function onOutboxChange(listener: Listener): () => void {
  if (!hasChannel()) {
    fallback.add(listener);
    return () => fallback.delete(listener);
  }
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ db?: unknown }>) => {
    if (typeof event.data?.db === 'string') listener(event.data.db);
  };
  return () => channel.close();
}
