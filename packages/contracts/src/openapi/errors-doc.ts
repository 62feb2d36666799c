import { ERROR_STATUS, ErrorBodySchema, type ErrorType } from '../errors';
import type { RouteSpec } from '../routes';
import type { RouteSchemas } from '../api/bound-route';
import { jsonSchemaOf, type JsonSchema } from './json-schema';
import { HEADER_REFS } from './headers-doc';

const DESCRIPTIONS: Record<ErrorType, string> = {
  bad_request: 'Malformed JSON, or a parameter, query or body field that breaks the schema (details name each field)',
  unauthorized: 'No API key, or one that is unknown or revoked',
  forbidden: 'The key lacks the permission this route needs',
  not_found: 'No such resource in the organization (another organization’s id is not found either)',
  method_not_allowed: 'The path exists but not with this method',
  conflict: 'The resource’s state does not allow it, or an Idempotency-Key is still in progress',
  payload_too_large: 'The body is larger than the gateway accepts',
  unsupported_media_type: 'The body is not application/json',
  unprocessable: 'A business rule refuses it, or an Idempotency-Key was reused with another body',
  rate_limited: 'The key made too many requests this minute; Retry-After says when to try again',
  internal: 'An unexpected failure (never bad input)',
  not_implemented: 'The route is in the table but not built yet',
  bad_gateway: 'The service behind the gateway answered wrongly',
  unavailable: 'The service behind the gateway is down or overloaded',
  gateway_timeout: 'The service behind the gateway did not answer in time',
};

/** The error types any route can answer, whatever it takes. */
const ALWAYS: ErrorType[] = ['unauthorized', 'forbidden', 'rate_limited', 'internal', 'unavailable', 'gateway_timeout'];

/**
 * The error types a route can answer, from what it takes: a 400 where anything is parsed, a
 * 404 where an id is in the path, 409/422 on writes, 413/415 where a body is read, 501 while
 * the route is pending. The error `code` is a stable reason within the type (`resource_not_found`,
 * `insufficient_stock`); its type alone decides the status.
 */
export function errorTypesOf(route: RouteSpec, schemas: RouteSchemas | undefined): ErrorType[] {
  if (!schemas) return ['not_implemented', ...ALWAYS];
  const types = new Set<ErrorType>(ALWAYS);
  if (schemas.params || schemas.query || schemas.body || route.path.includes('{')) types.add('bad_request');
  if (route.path.includes('{')) types.add('not_found');
  if (route.method !== 'GET') types.add('conflict').add('unprocessable');
  if (schemas.body) types.add('payload_too_large').add('unsupported_media_type');
  return [...types].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
}

/** `components.responses`: one response per error type, each the error envelope. */
export function errorResponses(): Record<string, JsonSchema> {
  const types = Object.keys(ERROR_STATUS) as ErrorType[];
  return Object.fromEntries(
    types.map((type) => {
      const example = { error: { code: type, message: DESCRIPTIONS[type], requestId: 'req_01J8ZK2M3N' } };
      const response: JsonSchema = {
        description: `${type}: ${DESCRIPTIONS[type]}.`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' }, example } },
      };
      if (type === 'rate_limited') response.headers = { 'Retry-After': HEADER_REFS.retryAfter };
      return [type, response];
    }),
  );
}

export const errorBodySchema = (): JsonSchema => jsonSchemaOf(ErrorBodySchema, 'output');
