import { ROUTE_NAMED, schemasOf, type RouteSpec } from '@stockyard/contracts';
import { EXAMPLE_TOUR, type RouteExample } from '@stockyard/contracts/src/openapi/examples';
import { startReceiver, startStack, type Stack } from '@stockyard/testkit';

/**
 * Issue #27: every documented example (packages/contracts/src/openapi/examples.ts) goes through
 * the gateway to the real services, in the tour's order, and the answer is what the document
 * says: the route's success status and a body its response schema accepts. Example ids
 * (`wh_example`) become the ids the stack gave when the example that makes them ran; an example
 * with a `key` is sent with the key an earlier example made (the storefront's). The webhook
 * example's URL is a receiver on 127.0.0.1 (allow-listed here) that answers 500, so deliveries
 * fail and one can be replayed; one attempt and one retry at once, so they fail without waiting.
 */
const routeOf = (example: RouteExample): RouteSpec => ROUTE_NAMED[example.op];

/** `variants.0.id` of a body. */
const at = (body: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], body);

const HOOK_URL = 'https://hooks.example.com/stockyard';
/** How long background work an example waits for (`until`) may take. */
const UNTIL_MS = 60_000;

describe('the documented examples, through the gateway against the real stack', () => {
  let stack: Stack;
  let adminKey: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const ids = new Map<string, string>();
  const real = <T>(value: T): T =>
    value === undefined
      ? value
      : JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' && ids.has(v) ? ids.get(v) : v));

  beforeAll(async () => {
    receiver = await startReceiver(() => 500);
    ids.set(HOOK_URL, receiver.url);
    stack = await startStack(['catalog', 'inventory', 'purchasing', 'invoicing', 'orders', 'webhooks'], {
      webhooks: { WEBHOOK_URL_ALLOWLIST: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0', WEBHOOK_RETRY_JITTER: '0' },
    });
    ({ adminKey } = stack.bootstrapOrg('Examples Org'));
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
    await receiver?.close();
  });

  /** The example's request as a partner sends it: JSON, or the raw text of its `contentType`. */
  function send(example: RouteExample): Promise<Response> {
    const route = routeOf(example);
    const params = real(example.params ?? {});
    const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name]!));
    const query = new URLSearchParams(
      Object.entries(example.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const body = real(example.body);
    const raw = example.contentType !== undefined;
    return fetch(`${stack.gatewayUrl}/api/v1${path}${query.size ? `?${query.toString()}` : ''}`, {
      method: route.method,
      headers: {
        authorization: `Bearer ${example.key ? ids.get(example.key)! : adminKey}`,
        ...(body === undefined ? {} : { 'content-type': example.contentType ?? 'application/json' }),
      },
      body: body === undefined ? undefined : raw && typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const holds = (text: string, until: Record<string, unknown>) =>
    Object.entries(until).every(([path, value]) => at(JSON.parse(text), path) === value);

  /** The example's answer; with `until`, the first answer that holds those values (or the last one). */
  async function answer(example: RouteExample): Promise<{ status: number; text: string }> {
    const deadline = Date.now() + UNTIL_MS;
    for (;;) {
      const res = await send(example);
      const text = await res.text();
      const done = !example.until || res.status !== routeOf(example).status || holds(text, example.until);
      if (done || Date.now() > deadline) return { status: res.status, text };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it.each(EXAMPLE_TOUR.map((example, i) => [`${i + 1}. ${example.op}`, example] as const))(
    '%s answers its documented status and schema',
    async (_label, example) => {
      const route = routeOf(example);
      const { status, text } = await answer(example);
      // The answer's text is in the diff when the status is not the documented one.
      expect({ status, text: status === route.status ? '' : text.slice(0, 500) }).toEqual({
        status: route.status,
        text: '',
      });
      const response = schemasOf(route)!.response;
      if (response) {
        const parsed = response.safeParse(JSON.parse(text));
        expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      }
      if (example.until) expect(holds(text, example.until)).toBe(true);
      for (const [exampleId, field] of Object.entries(example.makes ?? {})) {
        const id = at(JSON.parse(text), field);
        expect(typeof id).toBe('string');
        ids.set(exampleId, id as string);
      }
      if (example.upload !== undefined) {
        const { url, headers } = JSON.parse(text) as { url: string; headers: Record<string, string> };
        const put = await fetch(url, { method: 'PUT', headers, body: example.upload });
        expect(put.status).toBe(200);
      }
    },
  );
});
