import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { schemasOf } from '../src/api/bound-route';
import { ERROR_STATUS } from '../src/errors';
import { EVENT_NAMES } from '../src/events';
import { partnerApiDocument } from '../src/openapi/document';
import { EXAMPLE_TOUR, ROUTES_WITHOUT_EXAMPLES } from '../src/openapi/examples';
import { PENDING_ROUTES } from '../src/openapi/pending-routes';
import { ROUTE_NAMED, ROUTES, routeNameOf, type RouteSpec } from '../src/routes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc: Json = partnerApiDocument();
const name = (r: RouteSpec) => `${r.method} ${r.path}`;
const operation = (r: RouteSpec): Json => doc.paths[r.path][r.method.toLowerCase()];
const built = ROUTES.filter((r) => schemasOf(r));

/** The official OpenAPI schema's verdict on a document (the validator is an ES module: run apart from jest). */
function validate(document: unknown): { valid: boolean; version: string; errors: unknown[] } {
  const out = execFileSync('node', [path.resolve(__dirname, '../../../scripts/validate-openapi.mjs')], {
    input: JSON.stringify(document),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString());
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 by the official schema', () => {
    const result = validate(doc);
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    // The validator does refuse: a path operation without responses is not OpenAPI 3.1.
    const broken = { ...doc, paths: { '/x': { get: { operationId: 'x', responses: 'none' } } } };
    expect(validate(broken).valid).toBe(false);
  });

  it('is what `npm run -s openapi` prints', () => {
    const printed = execFileSync(
      'node',
      ['--import', 'tsx', path.resolve(__dirname, '../src/openapi/print-openapi.ts')],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(JSON.parse(printed.toString())).toEqual(doc);
  });

  it('has schemas for every row of the route table, or lists the row as pending', () => {
    const unbound = ROUTES.filter((r) => !schemasOf(r)).map(name);
    expect(unbound.filter((r) => !PENDING_ROUTES.includes(r))).toEqual([]);
    // A row that got its schemas leaves the pending list.
    expect(PENDING_ROUTES.filter((r) => !unbound.includes(r))).toEqual([]);
  });

  it('gives every built route a response schema, unless it answers no JSON', () => {
    const lacking = built.filter((r) => {
      const s = schemasOf(r)!;
      return s.response === null && r.status !== 204 && !s.produces;
    });
    expect(lacking.map(name)).toEqual([]);
    for (const r of built) {
      const answer = operation(r).responses[String(r.status)];
      expect(answer).toBeDefined();
      if (r.status !== 204) expect(Object.keys(answer.content ?? {})).toHaveLength(1);
    }
  });

  it('documents each request as the route parses it: path parameters, query and body', () => {
    for (const r of built) {
      const s = schemasOf(r)!;
      const op = operation(r);
      const inPath = op.parameters.filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      expect([name(r), inPath]).toEqual([name(r), [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])]);
      if (s.body) expect(op.requestBody.content['application/json'].schema).toBeDefined();
      if (s.query) expect(op.parameters.some((p: Json) => p.in === 'query')).toBe(true);
    }
    const list = operation(ROUTES.find((r) => name(r) === 'GET /purchase-orders')!);
    const query = list.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => p.name);
    expect(query).toEqual(expect.arrayContaining(['limit', 'offset', 'take', 'skip']));
  });

  it('names each operation’s permission, bearer auth, the error envelope and the rate-limit headers', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(doc.components.schemas.ErrorBody.properties.error.required).toEqual(['code', 'message']);
    for (const r of ROUTES) {
      const op = operation(r);
      expect([name(r), op['x-permission']]).toEqual([name(r), r.permission]);
      expect(op.description).toContain(r.permission);
      expect(op.responses['401']).toEqual({ $ref: '#/components/responses/unauthorized' });
      expect(op.responses['429']).toEqual({ $ref: '#/components/responses/rate_limited' });
    }
    const get = operation(built.find((r) => r.method === 'GET' && r.path.includes('{'))!);
    expect(get.responses['404']).toEqual({ $ref: '#/components/responses/not_found' });
    expect(Object.keys(get.responses['200'].headers)).toEqual(
      expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
    expect(doc.components.responses.rate_limited.headers['Retry-After']).toBeDefined();
  });

  /** A response as written in an operation, or the named one it refers to. */
  const resolved = (answer: Json): Json =>
    answer.$ref ? doc.components.responses[answer.$ref.split('/').pop()] : answer;

  it('writes each distinct error answer once, as a named response', () => {
    const written = built.flatMap((r) => Object.entries(operation(r).responses).filter(([status]) => +status >= 400));
    expect(written.filter(([, answer]) => !(answer as Json).$ref)).toEqual([]);
    const named = Object.values(doc.components.responses).map((r) => JSON.stringify(r));
    expect(new Set(named).size).toBe(named.length);
  });

  it('lists the codes each route answers under the status of their type, with a description each', () => {
    for (const r of built) {
      const responses = operation(r).responses;
      for (const code of schemasOf(r)!.errors ?? []) {
        const answer = responses[String(ERROR_STATUS[code.type])];
        const own = resolved(answer);
        const codes = own.content['application/json'].schema.properties.error.properties.code.enum;
        expect([name(r), codes]).toEqual([name(r), expect.arrayContaining([code.code])]);
        expect(own.description).toContain(`\`${code.code}\`: ${code.description}`);
      }
    }
    const receiveRoute = ROUTES.find((r) => name(r) === 'POST /purchase-orders/{id}/lines/{lineId}/receive')!;
    const receive = operation(receiveRoute);
    // A route's own answer is a named response, shared by every route that answers the same.
    const refused = resolved(receive.responses['422']);
    expect(receive.responses['422'].$ref).toBe('#/components/responses/unprocessable_over_receipt');
    expect(refused.content['application/json'].schema.properties.error.properties.code.enum).toEqual([
      'over_receipt',
      'receipt_refused',
      'idempotency_key_reused',
    ]);
    // A status whose codes are only the generic ones points at the shared response, which lists them.
    expect(receive.responses['401']).toEqual({ $ref: '#/components/responses/unauthorized' });
    expect(doc.components.responses.unauthorized.description).toContain('`invalid_api_key`');
    // A GET whose rule can refuse (a date range) answers 422 though it writes nothing.
    const statement = operation(ROUTES.find((r) => name(r) === 'GET /invoices/vendor-statement')!);
    expect(resolved(statement.responses['422']).description).toContain('`invalid_date_range`');
  });

  it('names the models a generated client types answers by, and refers to them', () => {
    for (const name of ['Product', 'Variant', 'PurchaseOrder', 'Invoice', 'Order', 'Hold', 'WebhookEndpoint'])
      expect([name, doc.components.schemas[name]?.type]).toEqual([name, 'object']);
    const answerOf = (key: string) =>
      operation(ROUTES.find((r) => name(r) === key)!).responses['200'].content['application/json'].schema;
    expect(answerOf('GET /orders/{id}')).toEqual({ $ref: '#/components/schemas/Order' });
    expect(answerOf('GET /products').properties.data.items).toEqual({ $ref: '#/components/schemas/Product' });
    expect(doc.components.schemas.Order.properties.lines.items).toEqual({ $ref: '#/components/schemas/OrderLine' });
  });

  it('documents the list envelope on lists', () => {
    const list = operation(ROUTES.find((r) => name(r) === 'GET /invoices')!);
    const schema = list.responses['200'].content['application/json'].schema;
    expect(schema.required).toEqual(['data', 'total', 'limit', 'offset']);
    expect(schema.properties.data.type).toBe('array');
  });

  it('takes an Idempotency-Key on every POST and on nothing else', () => {
    const ref = { $ref: '#/components/parameters/IdempotencyKey' };
    for (const r of ROUTES)
      expect([name(r), operation(r).parameters.some((p: Json) => p.$ref === ref.$ref)]).toEqual([
        name(r),
        r.method === 'POST',
      ]);
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
  });

  it('documents pending routes as answering 501', () => {
    for (const key of PENDING_ROUTES) {
      const r = ROUTES.find((row) => name(row) === key)!;
      expect(operation(r)).toMatchObject({
        'x-pending': true,
        responses: { '501': { $ref: '#/components/responses/not_implemented' } },
      });
      expect(operation(r).responses[String(r.status)]).toBeUndefined();
    }
  });

  it('lists every catalog event as a webhook with its payload and the signature headers', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_NAMES].sort());
    const hook = doc.webhooks['purchase_order.created'].post;
    expect(hook.parameters.map((p: Json) => p.name)).toEqual([
      'X-Stockyard-Event',
      'X-Stockyard-Delivery-Id',
      'X-Stockyard-Signature',
    ]);
    const body = hook.requestBody.content['application/json'].schema;
    expect(body.properties.data.required).toEqual(expect.arrayContaining(['orgId', 'purchaseOrderId', 'orderNumber']));
  });

  it('gives every operation a unique operationId', () => {
    const ids = ROUTES.map((r) => operation(r).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has examples only of built routes, each valid by the route’s own schemas, and shows them', () => {
    for (const example of EXAMPLE_TOUR) {
      const r = ROUTE_NAMED[example.op];
      expect([example.op, r && schemasOf(r) !== undefined]).toEqual([example.op, true]);
      const s = schemasOf(r)!;
      const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect([example.op, Object.keys(example.params ?? {}).sort()]).toEqual([example.op, names.sort()]);
      if (example.body !== undefined && example.contentType === undefined)
        expect([example.op, s.body?.safeParse(example.body).success]).toEqual([example.op, true]);
      if (example.query) expect([example.op, s.query?.safeParse(example.query).success]).toEqual([example.op, true]);
    }
    const create = operation(ROUTES.find((r) => name(r) === 'POST /purchase-orders')!);
    expect(create.requestBody.content['application/json'].example).toMatchObject({ channelId: 'src_example' });
    const get = operation(ROUTES.find((r) => name(r) === 'GET /purchase-orders/{id}')!);
    expect(get.parameters.find((p: Json) => p.name === 'id').example).toBe('po_example');
  });

  it('has an example of every built route, but the ones still listed as without one', () => {
    const shown = new Set<string>(EXAMPLE_TOUR.map((e) => e.op));
    const lacking = built.map(routeNameOf).filter((r) => !shown.has(r));
    expect(lacking.filter((r) => !(ROUTES_WITHOUT_EXAMPLES as readonly string[]).includes(r))).toEqual([]);
    // A route that got its example leaves the list.
    expect(ROUTES_WITHOUT_EXAMPLES.filter((r) => !lacking.includes(r))).toEqual([]);
  });
});
