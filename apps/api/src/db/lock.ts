import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it. This
 * takes an exclusive lock file holding the owner's PID; a lock left by a process that no longer runs
 * (kill -9, power loss) is taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'app.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another process (PID ${owner}). ` +
            'Only one process may open an embedded database: stop the other one, or set DATA_DIR to another directory, ' +
            'or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      // Stale lock from a process that is gone: remove it and try again.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
