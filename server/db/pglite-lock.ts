import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';

export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(lockPath: string, pid: number) {
    super(
      `The database folder is in use by another running server (pid ${pid}, lock file ${lockPath}). ` +
        'Stop that server first, or set DATA_DIR to another folder. ' +
        'Two processes on one embedded database would lose writes, so this one will not start. ' +
        `(If no server is running, pid ${pid} belongs to something else: delete the lock file.)`,
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

const readPid = (path: string) => Number.parseInt(readFileSync(path, 'utf8'), 10);

/** Locks this process holds. Our own pid in a lock we do not hold is a previous life's (a container restarted as pid 1). */
const held = new Set<string>();

function isAlive(pid: number, lockPath: string) {
  if (pid === process.pid) return held.has(lockPath);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function createExclusive(path: string) {
  const fd = openSync(path, 'wx', 0o644);
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
}

/**
 * PGlite has no lock of its own: a second process on the same folder silently loses writes.
 * The lock file holds our pid, is created exclusively, and a lock left by a dead pid is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      createExclusive(lockPath);
      held.add(lockPath);
      return () => {
        held.delete(lockPath);
        try {
          if (readPid(lockPath) === process.pid) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: number;
    try {
      holder = readPid(lockPath);
    } catch {
      continue;
    }
    if (isAlive(holder, lockPath)) throw new DataDirLockedError(lockPath, holder);
    // Move the stale lock aside atomically; if what we moved is not the stale one, put it back.
    const aside = `${lockPath}.stale-${process.pid}`;
    try {
      renameSync(lockPath, aside);
    } catch {
      continue;
    }
    const moved = readPid(aside);
    if (moved !== holder && isAlive(moved, lockPath)) {
      renameSync(aside, lockPath);
      throw new DataDirLockedError(lockPath, moved);
    }
    unlinkSync(aside);
  }
  throw new Error(`Could not take the database lock ${lockPath}; try again.`);
}
