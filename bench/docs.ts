/**
 * `npm run bench:docs`: how long a partner waits for the API reference. The gateway alone on its
 * own isolated stack; headless Chromium (Debian's, as the docs test drives it) opens `/docs` in a
 * fresh context each round and waits until the first operation's title is on the first screen.
 * Prints the document's size (as sent, and gzipped), each round's wall time to the first
 * operation, and the page's own main-thread time (Chromium's TaskDuration: what the machine's
 * other load does not stretch). The first round also makes the document in the gateway. A script
 * that prints figures, not a test; everything on 127.0.0.1.
 */
import { gzipSync } from 'node:zlib';
import { ensureInfra, infraVariables, startStack } from '@stockyard/testkit';
import { launchChromium, onFirstScreen } from '../services/gateway/test/support/chromium';
import { runScript, watchMachine } from './machine';
import { load, say } from './support/figures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The heading of the document's first operation, where the page opens. */
const FIRST_OPERATION = 'List event names';

async function main() {
  const infra = await ensureInfra();
  Object.assign(process.env, infraVariables(infra), { STOCKYARD_TEST_RUN: 'bench_docs' });
  say(`load average at start (1, 5, 15 min): ${load()}`);
  const machine = watchMachine();
  const stack = await startStack([]);
  const gateway = stack.services.gateway!.url;
  const browser = await launchChromium();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const started = performance.now();
      await page.goto(`${gateway}/docs`);
      await onFirstScreen(page.getByRole('heading', { name: FIRST_OPERATION, exact: true }), 120_000);
      const wall = performance.now() - started;
      const { metrics } = await cdp.send('Performance.getMetrics');
      const task = metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
      const script = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN;
      say(
        `round ${round}: first operation on screen after ${(wall / 1000).toFixed(2)} s; page main thread ` +
          `${(task * 1000).toFixed(0)} ms (script ${(script * 1000).toFixed(0)} ms)`,
      );
      await context.close();
    }
    const document = await fetch(`${gateway}/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await document.arrayBuffer());
    const sent = await fetch(`${gateway}/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    say(
      `/openapi.json: ${(body.length / 1024).toFixed(0)} KiB, ${(gzipSync(body).length / 1024).toFixed(0)} KiB ` +
        `gzipped; sent with content-encoding ${sent.headers.get('content-encoding') ?? 'none'}`,
    );
    say(machine.end());
  } finally {
    await browser.close();
    await stack.destroy();
  }
}

runScript(main);
