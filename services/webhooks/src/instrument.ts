// First import of main.ts: traces (when OTEL_* configures an exporter) need their libraries patched before they load.
import { WEBHOOK_HEADERS } from '@stockyard/contracts';
import { startTracing } from '@stockyard/service-kit/tracing';

/** A delivery to a partner's endpoint: its attempt has a span of its own, and our trace ids stay ours. */
const signature = WEBHOOK_HEADERS.signature.toLowerCase();
const isDelivery = (headers: unknown) =>
  typeof headers === 'object' && headers !== null && Object.keys(headers).some((h) => h.toLowerCase() === signature);

startTracing('webhooks', { untracedOutgoing: (request) => isDelivery(request.headers) });
