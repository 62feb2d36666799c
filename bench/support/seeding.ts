/** How benchmark scripts make their data through the partner API. */
import { sleep } from './figures';

type Caller = (method: string, route: string, body?: unknown) => Promise<Response>;

/**
 * The 2xx body of a call, retrying a 503 (a peer slow past PEER_TIMEOUT_MS on a loaded machine)
 * a few times a second apart; anything else is thrown with its status and text.
 */
export function seeder(api: Caller) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a script reads what it made
  return async (method: string, route: string, body?: unknown): Promise<any> => {
    let res = await api(method, route, body);
    for (let retry = 0; res.status === 503 && retry < 5; retry++) {
      await sleep(1000);
      res = await api(method, route, body);
    }
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/**
 * A stored document to clone, without its outbox bookkeeping (`outbox`, `outboxPending`, `outboxAt`).
 * The relay leaves a write's published entries a few seconds (OUTBOX_FOLD_MS) before it clears them:
 * a template read in that time is pending, and thousands of clones of it keep the relay clearing
 * them while the benchmark measures (bench:purchasing's and bench:orders' lists were read under that).
 */
export function cloneable(doc: Record<string, unknown>): Record<string, unknown> {
  const { outbox: _outbox, outboxPending: _pending, outboxAt: _at, ...fields } = doc;
  return fields;
}
