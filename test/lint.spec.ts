import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

/** A tool's output whether it passed or not (both exit non-zero on findings). */
const output = (cmd: string, args: string[]) =>
  run(cmd, args, { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 }).catch((err: { stdout: string; stderr: string }) => ({
    stdout: err.stdout,
    stderr: err.stderr,
  }));

/**
 * The rules the field keeps by tool: ESLint with typescript-eslint's type-checked recommended
 * rules (eslint.config.mjs says what is off and why) and knip for unused files, exports and
 * dependencies (knip.json names the entry points). Each finding is named in the failure.
 */
describe('the code rules', () => {
  it('passes ESLint', async () => {
    const { stdout } = await output(bin('eslint'), ['--format', 'json', '.']);
    const files = JSON.parse(stdout) as { filePath: string; messages: { ruleId: string | null; line: number }[] }[];
    expect(files.length).toBeGreaterThan(500);
    const findings = files.flatMap((f) =>
      f.messages.map((m) => `${path.relative(ROOT, f.filePath)}:${m.line} ${m.ruleId ?? 'parse error'}`),
    );
    expect(findings).toEqual([]);
  }, 900_000);

  it('passes knip: no unused file, export, type or dependency', async () => {
    const { stdout, stderr } = await output(bin('knip'), ['--no-progress', '--reporter', 'compact']);
    expect(`${stdout}${stderr}`.trim()).toBe('');
  }, 300_000);
});
