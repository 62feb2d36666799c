import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startStack, type Stack } from '@stockyard/testkit';

const run = promisify(execFile);
const README = readFileSync(path.resolve(__dirname, '..', 'README.md'), 'utf8');

/** The README's shell blocks that call the running system (they read `.stockyard/local.env`). */
const calls = [...README.matchAll(/```sh\n([\s\S]*?)```/g)]
  .map((m) => m[1]!)
  .filter((block) => block.includes('source .stockyard/local.env'));

/**
 * The README's first steps as a newcomer types them after `npm start`: each block runs in bash
 * against a running system, with the `.stockyard/local.env` npm start writes, and every answer
 * it prints is a success (no error envelope). The ids it uses are ones it made.
 */
describe("the README's examples", () => {
  let stack: Stack;
  let dir: string;
  beforeAll(async () => {
    stack = await startStack(['catalog', 'inventory']);
    const { adminKey } = stack.bootstrapOrg();
    dir = mkdtempSync(path.join(tmpdir(), 'readme-'));
    mkdirSync(path.join(dir, '.stockyard'));
    writeFileSync(
      path.join(dir, '.stockyard/local.env'),
      `export GATEWAY_URL=${stack.gatewayUrl}\nexport ADMIN_KEY=${adminKey}\n`,
    );
  }, 300_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await stack.destroy();
  });

  it('has a first example that calls the API', () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it.each(calls.map((block, n) => [n + 1, block]))('runs example %i with every answer a success', async (_n, block) => {
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', block], { cwd: dir });
    const answers = stdout.trim().split('\n').filter(Boolean);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(JSON.parse(answer)).not.toHaveProperty('error');
    expect(JSON.parse(answers.at(-1)!)).toEqual([expect.objectContaining({ warehouseName: 'Main', onHand: 5 })]);
  });
});
