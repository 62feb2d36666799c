import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key `npm start` gives the webhooks service to encrypt endpoint secrets with
 * (WEBHOOK_SECRET_KEYS): made once and kept in the state folder, so the secrets stored by one
 * run still decrypt in the next. `WEBHOOK_SECRET_KEYS` in the environment wins.
 */
export function localWebhookSecretKeys(stateDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.WEBHOOK_SECRET_KEYS) return env.WEBHOOK_SECRET_KEYS;
  const file = path.join(stateDir, 'webhook-secret-keys');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const keys = `local:${randomBytes(32).toString('base64')}`;
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(file, `${keys}\n`, { mode: 0o600 });
  return keys;
}
