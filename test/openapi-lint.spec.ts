import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { partnerApiDocument } from '@stockyard/contracts';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * The partner API's document as tools nobody here wrote read it: Redocly's recommended rules
 * and Spectral's OpenAPI ruleset (.spectral.yaml) find no error in it. Warnings are printed by
 * `npx redocly lint` on `npm run -s openapi`'s output; the one left is a decision (README, API reference).
 */
describe('the OpenAPI document, linted', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(partnerApiDocument()));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("has no error by Redocly's recommended rules", async () => {
    const { stdout } = await run(bin('redocly'), ['lint', file, '--format=json', '--max-problems=10000'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 180_000);

  it("has no error by Spectral's OpenAPI ruleset", async () => {
    const { stdout } = await run(
      bin('spectral'),
      ['lint', file, '--ruleset', path.join(ROOT, '.spectral.yaml'), '--format=json', '--fail-severity=error'],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    ).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    const results = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
      code: string;
      severity: number;
      message: string;
    }[];
    // Severity 0 is an error in Spectral's output.
    expect(results.filter((r) => r.severity === 0).map((r) => `${r.code}: ${r.message}`)).toEqual([]);
  }, 180_000);
});
