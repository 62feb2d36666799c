import type { List, WebhookDelivery } from '@stockyard/contracts';
import { formatAttempt, unseenAttempts } from './tail-format';

export interface TailOptions {
  /** The gateway's base URL (or a service's, in tests). */
  baseUrl: string;
  headers: Record<string, string>;
  endpointId: string;
  intervalMs: number;
  /** Print the recent history first instead of only what happens from now on. */
  all: boolean;
  print: (line: string) => void;
  color: boolean;
  signal: AbortSignal;
}

/** Polls the endpoint's deliveries and prints each new attempt, until the signal aborts. */
export async function tailDeliveries(options: TailOptions): Promise<void> {
  const printed = new Map<string, number>();
  const url = `${options.baseUrl}/api/v1/webhooks/${encodeURIComponent(options.endpointId)}/deliveries?limit=200`;
  let first = true;
  while (!options.signal.aborted) {
    const res = await fetch(url, { headers: options.headers, signal: options.signal }).catch((err: Error) => ({
      failed: err,
    }));
    if ('failed' in res) {
      if (options.signal.aborted) return;
      const cause = (res.failed as Error & { cause?: { code?: string } }).cause?.code;
      options.print(
        `! ${res.failed.message}${cause ? ` (${cause})` : ''} at ${options.baseUrl}; ` +
          `is the system up (npm start)? retrying`,
      );
    } else if (!res.ok) {
      const body = (await res.json().catch(() => undefined)) as
        { error?: { code?: string; message?: string } } | undefined;
      throw new Error(
        `GET deliveries answered ${res.status} ${body?.error?.code ?? ''}: ${body?.error?.message ?? ''}`.trim(),
      );
    } else {
      const page = (await res.json()) as List<WebhookDelivery>;
      const fresh = unseenAttempts(page.data, printed);
      if (first && !options.all) options.print(`Ready! Tailing deliveries of ${options.endpointId} (Ctrl-C to quit)`);
      else for (const attempt of fresh) options.print(formatAttempt(attempt, options.color));
      first = false;
    }
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, options.intervalMs);
      options.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(undefined)), { once: true });
    });
  }
}
