import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports for the processes tests start. A port found free is closed again before the process
 * binds it, seconds later (it compiles its TypeScript first). Had it come from the kernel
 * (`listen(0)`), anything else asking the kernel in those seconds could be handed the same
 * one: another jest worker's in-process service, a receiver, an outgoing connection. So these
 * come from below the kernel's ephemeral range (32768–60999 here), where nothing is handed out
 * unasked, and each jest worker draws from a slice of its own; a process not under jest (npm
 * start, a benchmark) takes a slice by its pid.
 */
const FIRST = 20_000;
const SLICE = 600;
const SLICES = 20; // 20,000–31,999

const slice = (): number => {
  const worker = Number(process.env.JEST_WORKER_ID);
  return Number.isInteger(worker) && worker > 0 ? (worker - 1) % 10 : 10 + (process.pid % (SLICES - 10));
};

let next = Math.floor(Math.random() * SLICE);

const bindable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    // The wildcard address: the one services bind, and it conflicts with any 127.0.0.1 listener.
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });

/** A port nothing listens on now, not handed out by this process before (until its slice wraps). */
export async function freePort(): Promise<number> {
  const base = FIRST + slice() * SLICE;
  for (let tries = 0; tries < SLICE; tries++) {
    const port = base + (next++ % SLICE);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${base}–${base + SLICE - 1}`);
}

const LISTEN = '0A';

/** Socket inodes listening on `port` (IPv4 and IPv6), from /proc/net. */
async function listeningInodes(port: number): Promise<Set<string>> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await fs.readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === LISTEN) inodes.add(cols[9]!);
    }
  }
  return inodes;
}

/**
 * Whether process `pid` is the one listening on `port`: an answer on the port proves only that
 * something listens there. True where /proc is not there to ask (not Linux).
 */
export async function listensOn(pid: number, port: number): Promise<boolean> {
  const fds = await fs.readdir(`/proc/${pid}/fd`).catch(() => undefined);
  if (!fds) return !(await fs.stat('/proc/self/fd').catch(() => undefined));
  const inodes = await listeningInodes(port);
  if (inodes.size === 0) return false;
  for (const fd of fds) {
    const target = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}
