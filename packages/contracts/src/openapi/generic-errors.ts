import type { ErrorCode } from '../api/error-codes';
import type { RouteSchemas } from '../api/bound-route';
import type { RouteSpec } from '../routes';

/** What decides that a route can answer a generic code: what it takes. */
interface Takes {
  route: RouteSpec;
  schemas: RouteSchemas;
}

interface GenericCode extends ErrorCode {
  when: (t: Takes) => boolean;
}

const always = () => true;
/** The JSON parser reads a body sent to any route but a GET, whether the route takes one or not. */
const readsBody = ({ route }: Takes) => route.method !== 'GET';
const hasId = ({ route }: Takes) => route.path.includes('{');
const isPost = ({ route }: Takes) => route.method === 'POST';

/**
 * The codes the gateway and the kit answer on any route, by what the route takes (a 400 where
 * anything is parsed, a 404 where an id is in the path, the Idempotency-Key's on a POST). A route's
 * own `errors` are the codes of its service's rules.
 */
export const GENERIC_ERRORS = {
  // Every query is checked (a NUL character is refused wherever it is), so any route can answer it.
  validation_failed: {
    type: 'bad_request',
    description: 'A parameter, query or body field breaks the schema',
    when: always,
  },
  invalid_json: { type: 'bad_request', description: 'The body is not JSON', when: readsBody },
  invalid_idempotency_key: {
    type: 'bad_request',
    description: 'The Idempotency-Key is not 1-255 printable ASCII characters',
    when: isPost,
  },
  missing_api_key: { type: 'unauthorized', description: 'No bearer key', when: always },
  invalid_api_key: {
    type: 'unauthorized',
    description: 'The key is malformed, unknown or its secret is wrong',
    when: always,
  },
  api_key_revoked: { type: 'unauthorized', description: 'The key was revoked', when: always },
  api_key_expired: { type: 'unauthorized', description: 'The key is past its expiresAt', when: always },
  missing_permission: { type: 'forbidden', description: 'The key lacks the permission', when: always },
  wrong_key_type: {
    type: 'forbidden',
    description: 'A storefront key on the partner API, or an admin key on the storefront API',
    when: always,
  },
  resource_not_found: { type: 'not_found', description: 'The id in the path names nothing', when: hasId },
  idempotency_in_progress: {
    type: 'conflict',
    description: 'A request with this Idempotency-Key is still running; retry after `Retry-After`',
    when: isPost,
  },
  payload_too_large: { type: 'payload_too_large', description: 'The body is too large', when: readsBody },
  unsupported_encoding: {
    type: 'unsupported_media_type',
    description: 'The body’s encoding is not supported',
    when: readsBody,
  },
  idempotency_key_reused: {
    type: 'unprocessable',
    description: 'The Idempotency-Key was used before with another body',
    when: isPost,
  },
  rate_limit_exceeded: { type: 'rate_limited', description: 'The key’s budget is spent', when: always },
  authentication_throttled: {
    type: 'rate_limited',
    description: 'Too many failed key checks from this caller',
    when: always,
  },
  internal: {
    type: 'internal',
    description: 'An unexpected failure, logged with the request id',
    when: always,
  },
  upstream_unavailable: { type: 'unavailable', description: 'The service is down', when: always },
  upstream_busy: { type: 'unavailable', description: 'The service is overloaded', when: always },
  upstream_timeout: {
    type: 'gateway_timeout',
    description: 'The service did not answer in time',
    when: always,
  },
} satisfies Record<string, Omit<GenericCode, 'code'>>;

export const GENERIC_CODES: readonly GenericCode[] = Object.entries(GENERIC_ERRORS).map(([code, entry]) => ({
  code,
  ...entry,
}));

/** The generic codes a route can answer. */
export const genericCodesOf = (route: RouteSpec, schemas: RouteSchemas): ErrorCode[] =>
  GENERIC_CODES.filter((g) => g.when({ route, schemas })).map(({ code, type, description }) => ({
    code,
    type,
    description,
  }));
