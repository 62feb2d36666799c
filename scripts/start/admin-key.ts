import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@stockyard/testkit';

/**
 * Reuses the key from a previous `npm start` while it still works against this
 * system's data; otherwise runs the gateway's bootstrap command for a new one.
 */
export async function bootstrapAdminKey(gatewayUrl: string, localEnv: string, env: Record<string, string>): Promise<string> {
  const previous = fs.existsSync(localEnv) ? /^ADMIN_KEY=(\S+)$/m.exec(fs.readFileSync(localEnv, 'utf8'))?.[1] : undefined;
  if (previous) {
    const res = await fetch(`${gatewayUrl}/api/v1/webhooks/events`, { headers: { authorization: `Bearer ${previous}` } }).catch(() => undefined);
    if (res?.status === 200) return previous;
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'services/gateway/src/bootstrap-org.ts'), 'Local organization'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const key = /^ADMIN_KEY=(\S+)$/m.exec(result.stdout ?? '')?.[1];
  if (result.status !== 0 || !key) throw new Error(`bootstrap-org failed:\n${result.stderr}`);
  return key;
}
