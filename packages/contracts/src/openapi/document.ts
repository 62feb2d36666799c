import { ROUTES, type ServiceName } from '../routes';
import { errorResponses } from './errors-doc';
import { headerComponents, IDEMPOTENCY_KEY_PARAMETER } from './headers-doc';
import { modelSchemas, type JsonSchema } from './json-schema';
import { operationOf } from './operations';
import { shareErrorResponses } from './shared-responses';
import { WEBHOOK_EVENTS_TAG, webhooksDoc } from './webhooks-doc';

export const API_BASE_PATH = '/api/v1';

const DESCRIPTION = [
  'The Stockyard partner API: inventory, purchasing, invoicing, orders and the catalog.',
  'Authenticate with an API key as a bearer token. Each operation names the permission its key needs.',
  'Errors are `{"error": {"code", "message", "details", "requestId"}}`; the HTTP status follows the error type.',
  'Lists answer `{"data": [...], "total", "limit", "offset"}` and take `limit`/`offset` ' +
    '(or `take`/`skip`), 50 by default and 200 at most.',
  'Every POST takes an optional `Idempotency-Key` header. Each key may make 300 requests a minute ' +
    'by default; the RateLimit headers say how many are left.',
].join('\n\n');

const TAGS: Record<ServiceName, string> = {
  gateway: 'API keys and organization settings',
  webhooks: 'Webhook endpoints, their deliveries and replays',
  purchasing: 'Purchase orders: lines, receiving, documents and e-mail to suppliers',
  invoicing: 'Supplier invoices, matching and approval, landed costs',
  orders: 'Sales orders, reservations and shipments',
  inventory: 'Warehouses, bins, stock levels, movements, counts and transfers',
  catalog: 'Products, variants, brands, categories, sales channels, sources and the storefront',
};

/** The paths object: each template of the route table with its operations. */
function paths(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const route of ROUTES) {
    const item = (out[route.path] ??= {});
    item[route.method.toLowerCase()] = operationOf(route);
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of the partner API, made from the contracts: the route table,
 * each row's zod schemas (zod's own JSON Schema output), the error envelope, the webhook
 * catalog. Nothing in it is written by hand apart from the prose.
 */
export function partnerApiDocument(options: { serverUrl?: string } = {}): JsonSchema {
  const operations = paths();
  const shared = shareErrorResponses(operations);
  const usedResponses = new Set(
    [...JSON.stringify(operations).matchAll(/#\/components\/responses\/(\w+)/g)].map((m) => m[1]!),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Stockyard partner API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: `${options.serverUrl ?? ''}${API_BASE_PATH}` }],
    security: [{ bearerAuth: [] }],
    tags: [
      ...[...new Set(ROUTES.map((r) => r.service))].map((name) => ({ name, description: TAGS[name] })),
      { name: WEBHOOK_EVENTS_TAG, description: 'What Stockyard POSTs to a subscribed endpoint, signed' },
    ],
    paths: operations,
    webhooks: webhooksDoc(),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: `Authorization: Bearer sya_…` (admin) or `syf_…` (storefront)',
        },
      },
      schemas: modelSchemas(),
      responses: { ...errorResponses(usedResponses), ...shared },
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
      headers: headerComponents(),
    },
  };
}
