import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkoutFerretDbPort, ensureFerretDb } from '../src/infra/ferretdb';
import { REPO_ROOT } from '../src/infra';

/** Issue #30: a second clone used the first one's FerretDB (binary and data) without a word. */
describe('the local FerretDB belongs to its checkout', () => {
  it('gets a port from the checkout folder: the same for one checkout, another for another', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'stockyard-clone-'));
    const mine = checkoutFerretDbPort(REPO_ROOT);
    expect(checkoutFerretDbPort(REPO_ROOT)).toBe(mine);
    expect(mine).toBeGreaterThanOrEqual(27117);
    expect(mine).toBeLessThan(28117);
    expect(checkoutFerretDbPort(other)).not.toBe(mine);
  });

  it("says plainly when the server on its port is not this checkout's, and uses it", async () => {
    const running = new URL(process.env.MONGO_URL!); // the suite's server, started from another state folder
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockyard-state-'));
    const lines: string[] = [];
    const url = await ensureFerretDb({
      repoRoot: REPO_ROOT,
      stateDir,
      port: Number(running.port),
      log: (line) => lines.push(line),
    });
    expect(url).toBe(`mongodb://127.0.0.1:${running.port}`);
    expect(lines).toEqual([expect.stringContaining('answers as a MongoDB server that this checkout did not start')]);
  });
});
