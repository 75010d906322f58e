import type { LocalDb } from '@/data/db/local-db';
import { mutate } from '@/data/outbox/outbox';
import { syncRound } from '@/data/sync/sync-round';
import { uploadPending } from '@/data/uploads/upload-queue';
import { stageFile } from '@/data/uploads/uploads';
import { fakeServer } from './fake-server';
import { fakeTus, MiB, pngBlob } from './tus-fake';

export const bannerFields = (image: string, title = 'Sale') => ({
  title,
  startAt: '2025-01-01T00:00:00.000Z',
  endAt: '2025-02-01T00:00:00.000Z',
  image,
  action: 'none',
});

/** A sync server, a tus server and a timeline of what reached each, for one database. */
export function uploadSetup(db: LocalDb) {
  const { server, transport } = fakeServer();
  const tus = fakeTus();
  const timeline: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    timeline.push(`tus ${init?.method}`);
    return tus.fetch(input, init);
  };
  const push = transport.push;
  transport.push = (mutations, signal) => {
    timeline.push(...mutations.map((m) => `push ${m.resource}`));
    return push(mutations, signal);
  };
  const options = { fetch, sliceBytes: MiB, retries: 0, sleep: async () => {}, random: () => 0.5 };
  const uploads = (d: LocalDb, signal: AbortSignal) => uploadPending(d, 'tok-1', signal, options);
  const round = () => syncRound({ db, transport, uploads, signal: new AbortController().signal });
  return { server, transport, tus, timeline, round, options };
}

/** Stages a PNG of `size` bytes and saves a banner that references it. */
export async function saveBannerWithFile(db: LocalDb, size = 3 * MiB) {
  const { ref } = await stageFile(db, pngBlob(size), 'banner');
  const entry = await mutate(db, { resource: 'Banner', op: 'create', payload: bannerFields(ref) });
  return { ref, entry };
}
