import { EVENT_NAMES, EVENT_PAYLOADS } from '../events';
import { SIGNATURE_TOLERANCE_SECONDS, WEBHOOK_HEADERS } from '../webhook-signature';
import { jsonSchemaOf, type JsonSchema } from './json-schema';

/** The tag of the webhook events (the `webhooks` tag holds the routes that manage endpoints). */
export const WEBHOOK_EVENTS_TAG = 'webhook events';

const SIGNATURE_TEXT =
  '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the endpoint’s signing secret. ' +
  `Refuse a timestamp more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from now; compare in constant time ` +
  '(`verifyWebhook` in the client does both).';

const headerParameters = (event: string): JsonSchema[] => [
  { name: WEBHOOK_HEADERS.event, in: 'header', required: true, schema: { type: 'string', const: event } },
  {
    name: WEBHOOK_HEADERS.deliveryId,
    in: 'header',
    required: true,
    description: 'The delivery’s id: the same on every attempt, so a receiver can drop repeats',
    schema: { type: 'string' },
  },
  {
    name: WEBHOOK_HEADERS.signature,
    in: 'header',
    required: true,
    description: SIGNATURE_TEXT,
    schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}' },
  },
];

/** One catalog event as an OpenAPI webhook: the POST Stockyard sends to a subscribed endpoint. */
function webhookOf(event: (typeof EVENT_NAMES)[number]): JsonSchema {
  const body = {
    type: 'object',
    required: ['event', 'data', 'delivery_id', 'attempt'],
    properties: {
      event: { type: 'string', const: event },
      data: jsonSchemaOf(EVENT_PAYLOADS[event], 'output'),
      delivery_id: { type: 'string' },
      attempt: { type: 'integer', minimum: 1, description: '1 for the first attempt, then each retry' },
    },
  };
  return {
    post: {
      operationId: `webhook_${event.replace(/\./g, '_')}`,
      summary: event,
      description:
        `Sent to each endpoint subscribed to \`${event}\`. ` +
        'Answer 2xx within the timeout; anything else is retried.',
      tags: [WEBHOOK_EVENTS_TAG],
      parameters: headerParameters(event),
      requestBody: { required: true, content: { 'application/json': { schema: body } } },
      responses: { '200': { description: 'Received (any 2xx)' } },
    },
  };
}

/** `webhooks`: every event of the public catalog, with its payload and the signature headers. */
export const webhooksDoc = (): Record<string, JsonSchema> =>
  Object.fromEntries(EVENT_NAMES.map((event) => [event, webhookOf(event)]));
