import { ErrorBodySchema } from '../errors';
import { IDENTITY_HEADER } from '../identity';
import { jsonSchemaOf, type JsonSchema } from '../openapi/json-schema';
import { INTERNAL_EXAMPLES } from './examples';
import { INTERNAL_BASE_PATH, INTERNAL_ROUTES, type InternalRoute, type InternalRouteName } from './route-table';

const DESCRIPTION = [
  'The service-to-service API of Stockyard, under /internal/v1 of each service: never routed by the gateway.',
  `Every call carries \`${IDENTITY_HEADER}\`, the identity of the organization the caller acts for, ` +
    'signed with the secret the gateway and the services share (a missing, forged or stale one is 401).',
  'Errors are the partner API\'s envelope `{"error": {"code", "message", "details", "requestId"}}`. ' +
    'A caller maps a 5xx or no answer to its own 503 `dependency_unavailable`.',
  'Each operation names the service that answers it (its tag) and the services that call it (`x-callers`).',
].join('\n\n');

const errors = (route: InternalRoute): Record<string, JsonSchema> => {
  const refused = { $ref: '#/components/responses/Refused' };
  const out: Record<string, JsonSchema> = { '401': refused, '5XX': { $ref: '#/components/responses/Failed' } };
  if (route.request) out['400'] = refused;
  if (route.method === 'POST' && route.status === 201) Object.assign(out, { '409': refused, '422': refused });
  return out;
};

function operationOf(name: InternalRouteName): JsonSchema {
  const route: InternalRoute = INTERNAL_ROUTES[name];
  const example = INTERNAL_EXAMPLES[name];
  const operation: JsonSchema = {
    operationId: name,
    tags: [route.service],
    summary: route.summary,
    'x-callers': [...route.callers],
    responses: {
      [String(route.status)]: {
        description: route.summary,
        content: { 'application/json': { schema: jsonSchemaOf(route.response, 'output'), example: example.response } },
      },
      ...errors(route),
    },
  };
  if (route.request) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(route.request, 'input'), example: example.request } },
    };
  }
  return operation;
}

/** The OpenAPI 3.1 document of the internal API, made from the internal route table and its examples. */
export function internalApiDocument(): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const name of Object.keys(INTERNAL_ROUTES) as InternalRouteName[]) {
    const route = INTERNAL_ROUTES[name];
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(name);
  }
  const services = [...new Set(Object.values(INTERNAL_ROUTES).map((r) => r.service))];
  const envelope = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  });
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Stockyard internal API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: INTERNAL_BASE_PATH, description: "relative to the answering service's base URL" }],
    security: [{ signedIdentity: [] }],
    tags: services.map((name) => ({ name, description: `Answered by the ${name} service` })),
    paths,
    components: {
      securitySchemes: {
        signedIdentity: {
          type: 'apiKey',
          in: 'header',
          name: IDENTITY_HEADER,
          description: 'The caller identity, signed with the shared secret (contracts identity.ts)',
        },
      },
      schemas: { ErrorBody: jsonSchemaOf(ErrorBodySchema, 'output') },
      responses: {
        Refused: envelope('The call was refused: bad input, no identity, a state conflict or a business rule'),
        Failed: envelope('The service failed or is unavailable: the caller answers 503 dependency_unavailable'),
      },
    },
  };
}
