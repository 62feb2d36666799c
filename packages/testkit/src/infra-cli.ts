/**
 * `npm run infra`: makes MongoDB-compatible storage, RabbitMQ, Redis, S3 and SMTP available (see
 * infra.ts), prints them as `NAME=value` lines on stdout (progress on stderr), Mailpit's web UI
 * included, and writes the same lines to `.stockyard/infra.env`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { STATE_DIR, ensureInfra, infraVariables } from './infra';

async function main(): Promise<void> {
  const started = Date.now();
  const log = (line: string) => process.stderr.write(`[infra] ${line}\n`);
  const urls = await ensureInfra({ log });
  const lines = Object.entries(infraVariables(urls))
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const envFile = path.join(STATE_DIR, 'infra.env');
  fs.writeFileSync(envFile, lines, { mode: 0o600 }); // the S3 secret key is in it
  fs.chmodSync(envFile, 0o600); // also when an older run wrote it
  process.stdout.write(lines);
  log(`Mailpit's web UI (the mail SMTP_URL received): ${urls.mailpitUrl}`);
  log(`ready (mode ${urls.mode}) in ${((Date.now() - started) / 1000).toFixed(1)} s; URLs also in ${envFile}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`[infra] failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
