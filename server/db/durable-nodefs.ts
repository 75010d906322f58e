import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Stream = { nfd?: number };
type NodeFsModule = {
  NODEFS?: {
    stream_ops?: { fsync?: (stream: Stream) => number };
    tryFSOperation?: <T>(f: () => T) => T;
  };
};

/** fsync calls that reached the disk, by this process (tests check that they happen). */
export const fsyncCounter = { calls: 0 };

/**
 * PGlite's Node data folder (Emscripten's NODEFS) with a working fsync.
 *
 * NODEFS writes every `write()` of PostgreSQL straight into the real file with `fs.writeSync`,
 * so a killed process loses nothing PostgreSQL wrote. But NODEFS has no `fsync` of its own:
 * PostgreSQL's `fsync()` reaches Emscripten's `fd_sync`, finds no `stream_ops.fsync` and returns
 * success without touching the disk (and `fdatasync()` is a no-op in Emscripten, whatever the
 * file system). So with PGlite's stock options, `fsync=on` and `-F` behave the same: a power cut or
 * a kernel crash can lose commits that were answered. This adds the missing `stream_ops.fsync`
 * (a real `fs.fsyncSync` of the file's descriptor); together with `wal_sync_method=fsync` (client.ts)
 * every commit's WAL reaches the disk before the commit returns, as on a real PostgreSQL.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: unknown) => {
        const nodefs = (mod as NodeFsModule).NODEFS;
        const ops = nodefs?.stream_ops;
        const guard = nodefs?.tryFSOperation;
        // A PGlite whose NODEFS changed shape must not start silently without durability.
        if (!ops || !guard)
          throw new Error(
            'This PGlite version has no NODEFS.stream_ops: the embedded database cannot make fsync reach the disk. ' +
              'Check server/db/durable-nodefs.ts against the installed @electric-sql/pglite.',
          );
        if (ops.fsync) return; // a NODEFS with its own fsync
        ops.fsync = (stream) => {
          // Directories are opened too (PostgreSQL fsyncs them after creating or renaming files).
          if (stream.nfd === undefined) return 0;
          guard(() => fsyncSync(stream.nfd as number));
          fsyncCounter.calls++;
          return 0;
        };
      },
    ];
    return result;
  }
}
