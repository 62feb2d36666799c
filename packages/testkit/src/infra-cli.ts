/**
 * `pnpm infra`: makes MongoDB-compatible storage, RabbitMQ and Redis available (see infra.ts),
 * prints their URLs as `NAME=value` lines on stdout (progress on stderr) and writes the same
 * lines to `.stockyard/infra.env`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { STATE_DIR, ensureInfra } from './infra';

async function main(): Promise<void> {
  const started = Date.now();
  const log = (line: string) => process.stderr.write(`[infra] ${line}\n`);
  const urls = await ensureInfra({ log });
  const lines = `MONGO_URL=${urls.mongoUrl}\nAMQP_URL=${urls.amqpUrl}\nREDIS_URL=${urls.redisUrl}\n`;
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const envFile = path.join(STATE_DIR, 'infra.env');
  fs.writeFileSync(envFile, lines);
  process.stdout.write(lines);
  log(`ready (mode ${urls.mode}) in ${((Date.now() - started) / 1000).toFixed(1)} s; URLs also in ${envFile}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`[infra] failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
