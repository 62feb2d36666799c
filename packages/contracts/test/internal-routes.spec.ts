import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { INTERNAL_EXAMPLES } from '../src/internal/examples';
import { internalApiDocument } from '../src/internal/internal-document';
import { INTERNAL_ROUTES, peersOf, type InternalRouteName } from '../src/internal/route-table';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const names = Object.keys(INTERNAL_ROUTES) as InternalRouteName[];
const doc: Json = internalApiDocument();

function validate(document: unknown): { valid: boolean; version: string; errors: unknown[] } {
  const out = execFileSync('node', [path.resolve(__dirname, '../../../scripts/validate-openapi.mjs')], {
    input: JSON.stringify(document),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString());
}

describe('the internal route table', () => {
  it('gives every POST a request schema and every route a response schema', () => {
    for (const name of names) {
      const route = INTERNAL_ROUTES[name];
      expect([name, route.response instanceof z.ZodType]).toEqual([name, true]);
      expect([name, route.method === 'GET' ? route.request === null : route.request instanceof z.ZodType]).toEqual([
        name,
        true,
      ]);
      expect([name, route.callers.length > 0, route.callers.includes(route.service)]).toEqual([name, true, false]);
    }
  });

  it('has one row per method and path of a service', () => {
    const keys = names.map(
      (n) => `${INTERNAL_ROUTES[n].service} ${INTERNAL_ROUTES[n].method} ${INTERNAL_ROUTES[n].path}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has examples each route's schemas accept", () => {
    for (const name of names) {
      const route = INTERNAL_ROUTES[name];
      const example = INTERNAL_EXAMPLES[name];
      if (route.request) expect([name, route.request.safeParse(example.request).error]).toEqual([name, undefined]);
      expect([name, route.response.safeParse(example.response).error]).toEqual([name, undefined]);
    }
  });

  it('names the peers a service calls from the callers column', () => {
    expect(peersOf('purchasing').sort()).toEqual(['catalog', 'inventory', 'orders']);
    expect(peersOf('invoicing').sort()).toEqual(['catalog', 'gateway', 'inventory', 'purchasing']);
    expect(peersOf('webhooks').sort()).toEqual([
      'catalog',
      'gateway',
      'inventory',
      'invoicing',
      'orders',
      'purchasing',
    ]);
  });
});

describe('the internal OpenAPI document', () => {
  it('is valid OpenAPI 3.1 by the official schema', () => {
    const result = validate(doc);
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('is what `npm run -s openapi:internal` prints', () => {
    const printed = execFileSync(
      'node',
      ['--import', 'tsx', path.resolve(__dirname, '../src/internal/print-internal-openapi.ts')],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(JSON.parse(printed.toString())).toEqual(doc);
  });

  it('documents every row with its body, its answer, its callers and an example of each', () => {
    for (const name of names) {
      const route = INTERNAL_ROUTES[name];
      const op = doc.paths[route.path][route.method.toLowerCase()];
      expect(op.operationId).toBe(name);
      expect(op.tags).toEqual([route.service]);
      expect(op['x-callers']).toEqual(route.callers);
      const answer = op.responses[String(route.status)].content['application/json'];
      expect(answer.schema.type).toBe('object');
      expect(answer.example).toEqual(INTERNAL_EXAMPLES[name].response);
      if (route.request)
        expect(op.requestBody.content['application/json'].example).toEqual(INTERNAL_EXAMPLES[name].request);
      else expect(op.requestBody).toBeUndefined();
    }
  });
});
