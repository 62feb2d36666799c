import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Issue #30: Ctrl-C in a terminal and a stop of `npm start`'s process group each signal a service twice. */
describe('serve: repeated signals during the drain', () => {
  it.each([['SIGTERM'], ['SIGINT']] as const)('finish the drain after %s twice and exit 0', async (signal) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'slow-drain.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve) => child.stdout.on('data', () => output.includes('ready') && resolve()));
    child.kill(signal);
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill(signal);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('closers done');
    expect(output).toContain('"msg":"stopped"');
  });
});
