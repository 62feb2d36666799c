import { SpanKind, SpanStatusCode, withSpan } from '@stockyard/service-kit/ops';
import type { Endpoint } from '../domain/endpoint';
import type { SendResult } from './send';

interface Attempted {
  id: string;
  event: string;
  eventId: string;
}

/**
 * One POST to a partner's endpoint as a span of the event's trace (the first attempt runs in the
 * dispatcher's handling of the event; later ones resume the trace the delivery kept). A failed
 * attempt is an error span with its status or error; the request itself carries no trace header.
 */
export function attemptSpan(
  delivery: Attempted,
  number: number,
  endpoint: Endpoint,
  post: () => Promise<SendResult>,
): Promise<SendResult> {
  const attributes = {
    'webhook.event': delivery.event,
    'webhook.event_id': delivery.eventId,
    'webhook.delivery_id': delivery.id,
    'webhook.endpoint_id': endpoint.id,
    'webhook.attempt': number,
    'server.address': URL.parse(endpoint.url)?.host ?? '',
  };
  return withSpan(
    'webhook attempt',
    attributes,
    async (span) => {
      const result = await post();
      if (result.responseStatus !== null) span.setAttribute('http.response.status_code', result.responseStatus);
      if (!result.ok)
        span.setStatus({ code: SpanStatusCode.ERROR, message: result.error ?? `answered ${result.responseStatus}` });
      return result;
    },
    SpanKind.CLIENT,
  );
}
