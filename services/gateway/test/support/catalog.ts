import { startService } from '@stockyard/testkit';
import { catalog } from '../../../catalog/src/app';

export type TestCatalog = Awaited<ReturnType<typeof startCatalog>>;

/** The real catalog in this process (its own database), for the gateway's calls to its internal API. */
export async function startCatalog() {
  // An HTTP_FEED channel needs a feed URL the catalog accepts: 127.0.0.1 is allow-listed here (never fetched).
  const h = await startService(catalog, {
    permissions: ['channels.read', 'channels.write'],
    env: { FEED_URL_ALLOWLIST: '127.0.0.1' },
  });
  return Object.assign(h, {
    /** Creates a sales channel of that organization and answers its id. */
    channel: async (orgId: string, platform: 'STOREFRONT' | 'API' | 'HTTP_FEED', name = `${platform} channel`) => {
      const body = { name, platform, ...(platform === 'HTTP_FEED' ? { feedUrl: 'http://127.0.0.1:9/orders' } : {}) };
      const res = await h.request('POST', '/channels', body, { orgId });
      if (res.status !== 201) throw new Error(`POST /channels: ${res.status} ${await res.text()}`);
      return res.body.id as string;
    },
  });
}
