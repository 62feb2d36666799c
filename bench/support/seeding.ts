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
