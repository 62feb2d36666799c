import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startStack, type Stack } from '@stockyard/testkit';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');

/**
 * `@stockyard/client` as a partner gets it: `npm run client:pack` makes a tarball, which installs
 * into an empty project outside the repository (no workspace to lean on) and calls the partner
 * API of a running system, from ESM, from CommonJS, and type-checked by its declarations. zod, its
 * one dependency, is installed from a tarball of the copy here: tests reach no registry.
 */
describe('the packed client, installed outside the repository', () => {
  let stack: Stack;
  let key: string;
  let app: string;
  const node = (file: string) =>
    run(process.execPath, [file], { cwd: app, env: { ...process.env, GATEWAY_URL: stack.gatewayUrl, KEY: key } });

  beforeAll(async () => {
    stack = await startStack(['inventory']);
    key = stack.bootstrapOrg().adminKey;
    app = mkdtempSync(path.join(tmpdir(), 'partner-app-'));
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts/pack-client.mjs'), app]);
    const tarball = stdout.trim().split('\n').pop()!;
    // npm packs a real folder (pnpm's store links it): a copy of the zod the workspace uses.
    const zod = path.join(app, 'zod-src');
    cpSync(realpathSync(path.join(ROOT, 'packages/client/node_modules/zod')), zod, { recursive: true });
    const { stdout: zodPacked } = await run('npm', ['pack', '--json', '--pack-destination', app], { cwd: zod });
    const zodTarball = path.join(app, (JSON.parse(zodPacked) as { filename: string }[])[0]!.filename);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'partner-app', private: true }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', zodTarball, tarball], { cwd: app });
  }, 300_000);
  afterAll(async () => {
    rmSync(app, { recursive: true, force: true });
    await stack.destroy();
  });

  it('calls the API from an ES module', async () => {
    writeFileSync(
      path.join(app, 'esm.mjs'),
      `import { createClient, ApiError } from '@stockyard/client';
const client = createClient({ baseUrl: process.env.GATEWAY_URL, apiKey: process.env.KEY });
const made = await client.call('createWarehouse', { body: { name: 'Partner warehouse' } });
const listed = await client.call('listWarehouses', {});
let refused;
try { await client.call('getWarehouse', { params: { warehouseId: 'wh_missing' } }); } catch (err) { refused = err; }
const names = listed.data.map((w) => w.name);
console.log(JSON.stringify({ made, names, refused: refused instanceof ApiError && [refused.status, refused.code] }));
`,
    );
    const out = JSON.parse((await node('esm.mjs')).stdout) as {
      made: { id: string; name: string };
      names: string[];
      refused: [number, string];
    };
    expect(out.made).toMatchObject({ id: expect.stringMatching(/^wh_/), name: 'Partner warehouse' });
    expect(out.names).toContain('Partner warehouse');
    expect(out.refused).toEqual([404, 'resource_not_found']);
  });

  it('calls the API from CommonJS', async () => {
    writeFileSync(
      path.join(app, 'cjs.cjs'),
      `const { createClient, verifyWebhook } = require('@stockyard/client');
createClient({ baseUrl: process.env.GATEWAY_URL, apiKey: process.env.KEY })
  .call('listWarehouses', {})
  .then((page) => console.log(JSON.stringify({ total: page.total, verify: typeof verifyWebhook })));
`,
    );
    const out = JSON.parse((await node('cjs.cjs')).stdout) as { total: number; verify: string };
    expect(out.total).toBeGreaterThanOrEqual(0);
    expect(out.verify).toBe('function');
  });

  it('types calls by its declarations: answers typed, a wrong body refused', async () => {
    writeFileSync(
      path.join(app, 'typed.ts'),
      `import { createClient } from '@stockyard/client';
const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sya_x' });
export async function typed(): Promise<string> {
  const warehouse = await client.call('createWarehouse', { body: { name: 'Main' } });
  // @ts-expect-error: the body takes no such field
  await client.call('createWarehouse', { body: { nme: 'Main' } });
  // @ts-expect-error: no such operation
  await client.call('createWarehous', {});
  return warehouse.id;
}
`,
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', 'typed.ts'];
    await expect(run(process.execPath, [tsc, ...args], { cwd: app })).resolves.toBeDefined();
    // tsc over the client's declarations: about 10 s of CPU, many times that on a loaded machine.
  }, 300_000);
});
