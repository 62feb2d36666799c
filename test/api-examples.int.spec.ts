import { ROUTES, schemasOf, type RouteSpec } from '@stockyard/contracts';
import { EXAMPLE_TOUR, type RouteExample } from '@stockyard/contracts/src/openapi/examples';
import { gatewayCaller, startStack, type Stack } from '@stockyard/testkit';

/**
 * Issue #27: every documented example (packages/contracts/src/openapi/examples.ts) goes through
 * the gateway to the real services, in the tour's order, and the answer is what the document
 * says: the route's success status and a body its response schema accepts. Example ids
 * (`wh_example`) become the ids the stack gave when the example that makes them ran; an example
 * with a `key` is sent with the key an earlier example made (the storefront's).
 */
const routeOf = (example: RouteExample): RouteSpec => ROUTES.find((r) => `${r.method} ${r.path}` === example.route)!;

/** `variants.0.id` of a body. */
const at = (body: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], body);

describe('the documented examples, through the gateway against the real stack', () => {
  let stack: Stack;
  let adminKey: string;
  const ids = new Map<string, string>();
  const real = <T>(value: T): T =>
    value === undefined
      ? value
      : JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' && ids.has(v) ? ids.get(v) : v));

  beforeAll(async () => {
    stack = await startStack(['catalog', 'inventory', 'purchasing', 'invoicing', 'orders', 'webhooks']);
    ({ adminKey } = stack.bootstrapOrg('Examples Org'));
  }, 120_000);
  afterAll(async () => {
    await stack?.destroy();
  });

  it.each(EXAMPLE_TOUR.map((example, i) => [`${i + 1}. ${example.route}`, example] as const))(
    '%s answers its documented status and schema',
    async (_label, example) => {
      const route = routeOf(example);
      const params = real(example.params ?? {});
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name]!));
      const query = new URLSearchParams(
        Object.entries(example.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
      );
      const call = gatewayCaller(stack.gatewayUrl, example.key ? ids.get(example.key)! : adminKey);
      const res = await call(route.method, `${path}${query.size ? `?${query}` : ''}`, real(example.body));
      const text = await res.text();
      // The answer's text is in the diff when the status is not the documented one.
      expect({ status: res.status, text: res.status === route.status ? '' : text.slice(0, 500) }).toEqual({
        status: route.status,
        text: '',
      });
      const response = schemasOf(route)!.response;
      if (response) {
        const parsed = response.safeParse(JSON.parse(text));
        expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      }
      for (const [exampleId, field] of Object.entries(example.makes ?? {})) {
        const id = at(JSON.parse(text), field);
        expect(typeof id).toBe('string');
        ids.set(exampleId, id as string);
      }
    },
  );
});
