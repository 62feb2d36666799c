import type { JsonSchema } from './json-schema';

/**
 * The rate-limit headers the gateway writes on every answer it lets through (express-rate-limit,
 * IETF draft 6), and Retry-After on a 429. The gateway's `RATE_LIMIT_HEADERS` names the same.
 */
const RATE_LIMIT_HEADER_DOCS: Record<string, string> = {
  'RateLimit-Policy': 'The key’s policy: requests per window and the window in seconds (`300;w=60`)',
  'RateLimit-Limit': 'Requests the key may make in the current window',
  'RateLimit-Remaining': 'Requests left in the current window',
  'RateLimit-Reset': 'Seconds until the window resets',
};

const header = (description: string, schema: JsonSchema) => ({ description, schema });

/** `components.headers`. */
export function headerComponents(): Record<string, JsonSchema> {
  return {
    ...Object.fromEntries(
      Object.entries(RATE_LIMIT_HEADER_DOCS).map(([name, text]) => [
        name,
        header(text, { type: name === 'RateLimit-Policy' ? 'string' : 'integer' }),
      ]),
    ),
    'Retry-After': header('Seconds to wait before trying again', { type: 'integer' }),
    'X-Request-Id': header('The request’s id, also in the error envelope and the logs', { type: 'string' }),
    'WWW-Authenticate': header('The scheme to authenticate with (`Bearer`)', { type: 'string' }),
    Link: header('The next page (`<…>; rel="next"`), absent on the last page', { type: 'string' }),
    Location: header('Where the created resource (or the started job) is read', { type: 'string' }),
    'X-Total-Count': header('How many items the whole list holds (the body is one page of it)', { type: 'integer' }),
    'Content-Disposition': header('The file’s name (`attachment; filename="…"`)', { type: 'string' }),
    'Idempotent-Replayed': header('`true` when the answer is the stored answer of an earlier request with the key', {
      type: 'string',
      enum: ['true'],
    }),
  };
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * The headers of an answer: every answer's (its request id, the key's rate limit), then those
 * named (a route's own, Retry-After on a 409/429/503, Idempotent-Replayed on a POST's success).
 */
export const answerHeaders = (...more: string[]): Record<string, JsonSchema> => ({
  'X-Request-Id': ref('X-Request-Id'),
  ...Object.fromEntries([...Object.keys(RATE_LIMIT_HEADER_DOCS), ...more].map((name) => [name, ref(name)])),
});

/** The Idempotency-Key request header of every POST (`components.parameters`). */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: a retry with the same key and body within 24 hours gets the first answer ' +
    '(with `Idempotent-Replayed: true`); the same key with another body is a 422, and a retry while ' +
    'the first still runs a 409 with Retry-After.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};
