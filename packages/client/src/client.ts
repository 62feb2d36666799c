import { randomUUID } from 'node:crypto';
import { ApiError } from './api-error';
import { OPERATIONS, type Input, type OperationId, type Output } from './operations';

export interface ClientOptions {
  /** The gateway's URL, without `/api/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Attempts after the first for a request that may be retried (default 2). */
  retries?: number;
  /** The first retry's delay; each next one doubles (default 200 ms). A 429's Retry-After wins. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/** Statuses worth another attempt: the key's rate limit and a service that is down or slow. */
const RETRIED = new Set([429, 502, 503, 504]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A query parameter's value as a caller gives it; it is sent in its string form. */
type QueryValue = string | number | boolean | Date | null | undefined;

function urlOf(path: string, params: Record<string, unknown> = {}, query: Record<string, QueryValue> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return `/api/v1${filled}${search.size ? `?${search.toString()}` : ''}`;
}

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const { error } = JSON.parse(text) as {
      error: { code: string; message: string; details?: []; requestId?: string };
    };
    return new ApiError(res.status, error.code, error.message, error.details, error.requestId);
  } catch {
    return new ApiError(res.status, 'unknown', text.slice(0, 200) || res.statusText);
  }
}

/**
 * A client of the partner API typed from the contracts: `client.call('createPurchaseOrder', { body })`
 * answers a `PurchaseOrder`. GETs and POSTs are retried on a network failure, a 429 (after its
 * Retry-After) and a 502/503/504; a POST carries an `Idempotency-Key` (made when not given) that
 * its retries share, so a retry never does the work twice. An error answer throws `ApiError`.
 */
export function createClient(options: ClientOptions) {
  const { baseUrl, apiKey, retries = 2, retryDelayMs = 200 } = options;
  const doFetch = options.fetch ?? fetch;

  async function call<K extends OperationId>(operation: K, input: Input<K> = {} as Input<K>): Promise<Output<K>> {
    const route = OPERATIONS[operation];
    const { params, query, body, idempotencyKey } = input as {
      params?: Record<string, unknown>;
      query?: Record<string, QueryValue>;
      body?: unknown;
      idempotencyKey?: string;
    };
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (route.method === 'POST') headers['idempotency-key'] = idempotencyKey ?? randomUUID();
    const retried = route.method === 'GET' || route.method === 'POST';
    const url = `${baseUrl}${urlOf(route.path, params, query)}`;
    const init = { method: route.method, headers, body: body === undefined ? undefined : JSON.stringify(body) };

    for (let attempt = 0; ; attempt++) {
      const last = !retried || attempt >= retries;
      const delay = retryDelayMs * 2 ** attempt;
      let res: Response;
      try {
        res = await doFetch(url, init);
      } catch (err) {
        if (last) throw err;
        await sleep(delay);
        continue;
      }
      if (RETRIED.has(res.status) && !last) {
        const after = Number(res.headers.get('retry-after'));
        await res.body?.cancel();
        await sleep(Number.isFinite(after) && after > 0 ? after * 1000 : delay);
        continue;
      }
      if (!res.ok) throw await errorOf(res);
      if (route.schemas.response === null) {
        await res.body?.cancel();
        return undefined as Output<K>;
      }
      return (await res.json()) as Output<K>;
    }
  }

  return { call, paginate: paginator(call) };
}

type ListOperation = {
  [K in OperationId]: Output<K> extends { data: unknown[]; total: number } ? K : never;
}[OperationId];
type ItemOf<K extends OperationId> = Output<K> extends { data: (infer T)[] } ? T : never;

/**
 * A list's items across its pages (the list envelope's limit/offset/total) as an async
 * iterator: `for await (const order of client.paginate('listPurchaseOrders', { query: { status: 'DRAFT' } }))`.
 */
function paginator(call: <K extends OperationId>(operation: K, input?: Input<K>) => Promise<Output<K>>) {
  return async function* paginate<K extends ListOperation>(
    operation: K,
    input: Input<K> = {} as Input<K>,
    pageSize = 100,
  ): AsyncGenerator<ItemOf<K>> {
    const base = input as { query?: Record<string, unknown> };
    for (let offset = 0; ;) {
      const next = { ...input, query: { ...base.query, limit: pageSize, offset } } as unknown as Input<K>;
      const page = (await call(operation, next)) as {
        data: ItemOf<K>[];
        total: number;
      };
      for (const item of page.data) yield item;
      offset += page.data.length;
      if (page.data.length === 0 || offset >= page.total) return;
    }
  };
}

export type Client = ReturnType<typeof createClient>;
