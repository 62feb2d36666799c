import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');

/**
 * The layering, as dependency-cruiser reads the imports (.dependency-cruiser.cjs says each rule
 * and why): no service's source imports another service, no package imports a service, a
 * service's domain imports no store, route, command, peer or module, storage calls no command or
 * route, commands call no route, and the packages import no cycle.
 */
describe('the layering', () => {
  it('holds every rule of .dependency-cruiser.cjs', async () => {
    const { stdout } = await run(
      path.join(ROOT, 'node_modules/.bin/depcruise'),
      ['services', 'packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 },
    ).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    const { summary } = JSON.parse(stdout) as {
      summary: { totalCruised: number; violations: { rule: { name: string }; from: string; to: string }[] };
    };
    expect(summary.totalCruised).toBeGreaterThan(500);
    expect(summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 180_000);
});
