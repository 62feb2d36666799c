import fs from 'node:fs';
import { bootstrapOrg } from '@stockyard/testkit';

/**
 * Reuses the key from a previous `npm start` while it still works against this
 * system's data; otherwise runs the gateway's bootstrap command for a new one.
 */
export async function bootstrapAdminKey(gatewayUrl: string, localEnv: string, mongoUrl: string): Promise<string> {
  const previous = fs.existsSync(localEnv)
    ? /^ADMIN_KEY=(\S+)$/m.exec(fs.readFileSync(localEnv, 'utf8'))?.[1]
    : undefined;
  if (previous) {
    const res = await fetch(`${gatewayUrl}/api/v1/webhooks/events`, {
      headers: { authorization: `Bearer ${previous}` },
    }).catch(() => undefined);
    if (res?.status === 200) return previous;
  }
  return bootstrapOrg(mongoUrl, 'stockyard_gateway', 'Local organization').adminKey;
}
