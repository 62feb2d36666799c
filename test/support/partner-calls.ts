import { randomUUID } from 'node:crypto';

/** What a partner's client tallies while the stack's replicas restart. */
export interface CallFigures {
  /** Logical requests (one Idempotency-Key each, or one PUT/GET). */
  requests: number;
  /** HTTP attempts, first ones included. */
  attempts: number;
  /** Answers 502/503/504 or a dropped connection, each followed by a retry with the same key. */
  failedAttempts: number;
  /** 409 idempotency_in_progress: the key's first attempt died on a killed replica and still holds it. */
  inProgressWaits: number;
  /** What the failed attempts were, `METHOD route → status code` (for the report). */
  failures: string[];
}

export const newFigures = (): CallFigures => ({
  requests: 0,
  attempts: 0,
  failedAttempts: 0,
  inProgressWaits: 0,
  failures: [],
});

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read body fields one by one
  body: any;
}

/** Longer than the kit's idempotency lock (60 s): a key held by a killed request frees by then. */
const GIVE_UP_MS = 90_000;

/**
 * A partner's client of the gateway as Stripe's clients are: each request with its own
 * Idempotency-Key, retried with the same key on a 502/503/504 or a dropped connection, and on a
 * 409 idempotency_in_progress (after Retry-After), until it gets an answer or GIVE_UP_MS pass.
 * A non-JSON body is sent as it is with its content type.
 */
export function partnerClient(gatewayUrl: string, key: string, figures: CallFigures) {
  const attempt = async (
    method: string,
    route: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Answer | string> => {
    figures.attempts++;
    const raw = typeof body === 'string';
    try {
      const res = await fetch(`${gatewayUrl}/api/v1${route}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': raw ? 'text/csv' : 'application/json',
          ...headers,
        },
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    } catch (err) {
      return `connection failed: ${(err as Error).message}`;
    }
  };

  return async (method: string, route: string, body?: unknown): Promise<Answer> => {
    figures.requests++;
    const headers: Record<string, string> = method === 'POST' ? { 'idempotency-key': randomUUID() } : {};
    const deadline = Date.now() + GIVE_UP_MS;
    for (;;) {
      const answer = await attempt(method, route, body, headers);
      const failed = typeof answer === 'string' || [502, 503, 504].includes(answer.status);
      const held = typeof answer !== 'string' && answer.body?.error?.code === 'idempotency_in_progress';
      if (!failed && !held) return answer;
      if (failed) {
        figures.failedAttempts++;
        const what = typeof answer === 'string' ? answer : `${answer.status} ${answer.body?.error?.code ?? ''}`;
        figures.failures.push(`${method} ${route.split('?')[0]} → ${what}`);
      } else figures.inProgressWaits++;
      if (Date.now() > deadline) throw new Error(`${method} ${route}: no answer but ${JSON.stringify(answer)}`);
      await new Promise((resolve) => setTimeout(resolve, held ? 1000 : 200));
    }
  };
}
