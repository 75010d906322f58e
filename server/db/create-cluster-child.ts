// The child process of create-cluster.ts: creates one PGlite cluster (initdb, the migrations and,
// when asked, the demo seed) in the folder it is sent, closes it and exits. Its WebAssembly memory
// goes back to the system with it.
import '../module-hooks.ts';
import type { Db } from './client.ts';
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
    if (!migrate) return false;
    await migrateDatabase(database);
    const seeded = seed ? await seedInto(database.db, seed) : false;
    // Here rather than in the server's first start: this process's memory is returned on exit.
    const { vacuumEmbedded } = await import('./housekeeping.ts');
    await vacuumEmbedded(database.db, new Date());
    return seeded;
  } finally {
    await database.close();
  }
}

async function seedInto(db: Db, seed: NonNullable<CreateRequest['seed']>) {
  const [{ seedDemoData }, store] = await Promise.all([import('./seed.ts'), seedFileStore(seed)]);
  try {
    return await seedDemoData(db, store, new Date());
  } finally {
    await store.close();
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
