import fs from 'node:fs';
import { sleep } from './wait';

/** A lock older than this is considered abandoned even if its pid looks alive (pid reuse). */
const MAX_LOCK_AGE_MS = 20 * 60_000;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock file if its owner is gone; `stale` is true when it did (or the file vanished). */
function clearIfStale(lockPath: string): { stale: boolean; owner?: number } {
  let content: string;
  let ageMs: number;
  try {
    content = fs.readFileSync(lockPath, 'utf8');
    ageMs = Date.now() - fs.statSync(lockPath).mtimeMs;
  } catch {
    return { stale: true }; // released meanwhile
  }
  const pid = Number.parseInt(content, 10);
  // An empty file is a lock being written right now, unless it has stayed empty for a while.
  const stale = Number.isNaN(pid) ? ageMs > 10_000 : !pidAlive(pid) || ageMs > MAX_LOCK_AGE_MS;
  if (stale) {
    try {
      if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
    } catch {
      // someone else removed it first
    }
  }
  return { stale, owner: Number.isNaN(pid) ? undefined : pid };
}

/**
 * Runs `fn` while holding an exclusive lock file (created with O_EXCL), so that concurrent
 * processes (two jest runs, the CLI and jest) do not build or start the same server twice.
 */
export async function withLock<T>(
  lockPath: string,
  fn: () => Promise<T>,
  {
    timeoutMs = 15 * 60_000,
    log = (_: string) => undefined,
  }: { timeoutMs?: number; log?: (line: string) => void } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const { stale, owner } = clearIfStale(lockPath);
    if (stale) continue;
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for lock ${lockPath} held by pid ${owner ?? '?'}; if no such process runs, delete the file`,
      );
    }
    if (!announced) {
      log(`waiting for another process (pid ${owner ?? '?'}) holding ${lockPath}`);
      announced = true;
    }
    await sleep(300);
  }
  try {
    return await fn();
  } finally {
    try {
      if (fs.readFileSync(lockPath, 'utf8') === `${process.pid}\n`) fs.unlinkSync(lockPath);
    } catch {
      // already gone
    }
  }
}
