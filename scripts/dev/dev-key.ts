import fs from 'node:fs';
import { bootstrapOrg } from '@stockyard/testkit';

/**
 * An admin key for `npm run dev`: the previous run's while the gateway still takes it (its own
 * `/api-keys` list answers, whatever else is mocked), else a new organization's.
 */
export async function devAdminKey(gatewayUrl: string, envFile: string, mongoUrl: string): Promise<string> {
  const previous = fs.existsSync(envFile)
    ? /^ADMIN_KEY=(\S+)$/m.exec(fs.readFileSync(envFile, 'utf8'))?.[1]
    : undefined;
  if (previous) {
    const res = await fetch(`${gatewayUrl}/api/v1/api-keys`, {
      headers: { authorization: `Bearer ${previous}` },
    }).catch(() => undefined);
    if (res?.status === 200) return previous;
  }
  return bootstrapOrg(mongoUrl, 'stockyard_gateway', 'Local organization').adminKey;
}
