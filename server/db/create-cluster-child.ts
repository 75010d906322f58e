// The child process of create-cluster.ts: creates one PGlite cluster (initdb, the migrations and,
// when asked, the demo seed) in the folder it is sent, closes it and exits. Its WebAssembly memory
// goes back to the system with it.
import '../module-hooks.ts';
import type { CreateReply, CreateRequest } from './create-cluster.ts';

// The parent died (a killed server): stop; the next start removes the unfinished folder.
process.once('disconnect', () => process.exit(1));

const reply = (m: CreateReply) =>
  new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(m, () => resolve());
  });

process.once('message', async (request: CreateRequest) => {
  try {
    const seeded = await create(request);
    await reply({ ok: true, seeded });
    process.exit(0);
  } catch (err) {
    await reply({ ok: false, error: (err as Error).stack ?? String(err) });
    process.exit(1);
  }
});

async function create({ dir, migrate, fsync, seed }: CreateRequest) {
  const { migrateDatabase, openPglite } = await import('./client.ts');
  const database = await openPglite(dir, fsync);
  try {
    if (migrate) await migrateDatabase(database);
    if (!seed) return false;
    const [{ seedDemoData }, store] = await Promise.all([import('./seed.ts'), seedFileStore(seed)]);
    try {
      return await seedDemoData(database.db, store, new Date());
    } finally {
      await store.close();
    }
  } finally {
    await database.close();
  }
}

/** The file store of plugins/file-store.ts for the same configuration. */
async function seedFileStore(seed: NonNullable<CreateRequest['seed']>) {
  const { join } = await import('node:path');
  return seed.s3
    ? (await import('../lib/s3-file-store.ts')).s3FileStore(seed.s3)
    : (await import('../lib/local-file-store.ts')).localFileStore({
        filesDir: seed.filesDir,
        tusDir: join(seed.dataDir, 'tus'),
      });
}
