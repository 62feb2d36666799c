import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureDetachedServer } from '../src/infra/detached';
import { REPO_ROOT } from '../src/infra';

/**
 * A server this checkout did not start, slow to answer its first probe (a busy machine: CI ran
 * this suite beside other work, and the probe's 2 s ran out): it is still named as not this
 * checkout's, and used, never started again on its port.
 */
it('names a server it did not start as such when it answers only after a wait', async () => {
  const listener = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as net.AddressInfo).port;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockyard-state-'));
  const lines: string[] = [];
  let probes = 0;
  try {
    await ensureDetachedServer(
      { repoRoot: REPO_ROOT, stateDir, log: (line) => lines.push(line) },
      {
        name: 'testserver',
        title: 'a test server',
        kind: 'a test server',
        portVariables: 'TEST_SERVER_PORT',
        ports: [port],
        binary: path.join(stateDir, 'bin', 'testserver-0'),
        build: () => Promise.reject(new Error('a server that answers is never built')),
        args: [],
        probe: () => (++probes <= 2 ? Promise.reject(new Error('busy')) : Promise.resolve()),
      },
    );
    expect(probes).toBeGreaterThan(2);
    expect(lines).toEqual([
      expect.stringContaining(`127.0.0.1:${port} answers as a test server that this checkout did not start`),
    ]);
  } finally {
    listener.close();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
});
