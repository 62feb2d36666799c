import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { once } from 'node:events';
import { freePort, listensOn } from '../src/ports';

/**
 * A CI run once had a stack's gateway port taken, between its check and its bind, by another
 * worker's in-process service: every request reached the wrong process, and the start had been
 * called ready because something answered /readyz. Ports now come from outside the kernel's
 * ephemeral range, and a start is ready only when the child itself listens on its port.
 */
describe('test ports', () => {
  it('hands out ports below the ephemeral range, never the same one twice in a row', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) expect(port >= 20_000 && port < 32_000).toBe(true);
  });

  it('skips a port something listens on', async () => {
    const first = await freePort();
    const held: Server[] = [];
    try {
      // Hold the next dozen of this worker's slice: freePort must step over every one.
      for (let p = first + 1; p <= first + 12; p++) {
        const s = createServer().listen(p, '127.0.0.1');
        await once(s, 'listening').catch(() => undefined);
        held.push(s);
      }
      const port = await freePort();
      expect(port).not.toBe(first);
      expect(port > first && port <= first + 12).toBe(false);
    } finally {
      await Promise.all(held.map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });

  it('tells the process that listens on a port from one that does not', async () => {
    const port = await freePort();
    const server = createServer().listen(port, '0.0.0.0');
    await once(server, 'listening');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      expect(await listensOn(process.pid, port)).toBe(true);
      expect(await listensOn(other.pid!, port)).toBe(false);
      expect(await listensOn(process.pid, await freePort())).toBe(false);
    } finally {
      other.kill();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
