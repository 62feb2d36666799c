import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tailDeliveries } from './tail-loop';

/** `npm run webhooks:tail -- <endpointId> [--all] [--interval ms]`: see the service README. */
const USAGE = 'usage: npm run webhooks:tail -- <endpointId> [--all] [--interval <ms>]';

/** GATEWAY_URL and ADMIN_KEY from the environment, else from what `npm start` wrote. */
function credentials(): { gatewayUrl: string; adminKey: string } {
  const file = path.resolve(__dirname, '../../../../.stockyard/local.env');
  const fromFile: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const match = /^\s*(?:export\s+)?([A-Z_]+)=(.*)$/.exec(line);
      if (match) fromFile[match[1]!] = match[2]!.trim().replace(/^['"]|['"]$/g, '');
    }
  }
  const gatewayUrl = process.env.GATEWAY_URL ?? fromFile.GATEWAY_URL;
  const adminKey = process.env.ADMIN_KEY ?? fromFile.ADMIN_KEY;
  if (!gatewayUrl || !adminKey)
    throw new Error(`GATEWAY_URL and ADMIN_KEY are needed (run npm start, or set them); looked in ${file}`);
  return { gatewayUrl: gatewayUrl.replace(/\/$/, ''), adminKey };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { all: { type: 'boolean', default: false }, interval: { type: 'string', default: '1000' } },
  });
  const endpointId = positionals[0];
  if (!endpointId) throw new Error(USAGE);
  const { gatewayUrl, adminKey } = credentials();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  await tailDeliveries({
    baseUrl: gatewayUrl,
    headers: { authorization: `Bearer ${adminKey}` },
    endpointId,
    intervalMs: Number(values.interval),
    all: values.all ?? false,
    print: (line) => console.log(line),
    color: process.stdout.isTTY,
    signal: controller.signal,
  });
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
