import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * Trace context that outlives the request it was made in: stored with an outbox entry or a
 * webhook delivery as its W3C `traceparent`, and resumed by whatever works on it later (the
 * relay's publish, a retried attempt), so one partner request stays one trace. Without tracing
 * nothing is active, these are no-ops, and nothing is stored.
 */

/** The active span as a `traceparent` header value when a trace is active (sampled or not: the decision travels). */
export function currentTraceparent(): string | undefined {
  const span = trace.getActiveSpan();
  if (!span || !isSpanContextValid(span.spanContext())) return undefined;
  return traceHeaders().traceparent;
}

/** The active context as W3C trace headers (none when nothing is traced). */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The context a stored `traceparent` names (the root context without one). */
function contextOf(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/**
 * Runs `work` in the trace `traceparent` names; without one, outside any trace (not in whatever
 * request happened to start the work: a relay pass kicked by one request publishes others' events).
 */
export function inTraceOf<T>(traceparent: string | undefined, work: () => T): T {
  return context.with(contextOf(traceparent), work);
}

/** The active trace's ids for a log line, or nothing. */
export function activeTraceIds(): { traceId: string; spanId: string } | Record<string, never> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return isSpanContextValid(span.spanContext()) ? { traceId, spanId } : {};
}

/**
 * Events and the trace they were made in. An envelope's shape is the contract's, so the
 * context rides beside it: taken when the event is made (`newEvent`, inside the request or
 * handler that caused it), stored as the outbox entry's `trace`, and given back to the copy the
 * relay parses from that entry, which it publishes inside that context.
 */
const eventTraces = new WeakMap<object, string>();

/** Keeps the active trace (if any) as the trace `event` was made in. */
export function traceEvent(event: object): void {
  keepEventTrace(event, currentTraceparent());
}

/** Keeps a stored trace (if any) as the trace `event` was made in. */
export function keepEventTrace(event: object, traceparent: string | undefined): void {
  if (traceparent) eventTraces.set(event, traceparent);
}

export const eventTrace = (event: object): string | undefined => eventTraces.get(event);

/**
 * Runs `work` in a span of its own (a child of the active one), ended when it settles; a throw
 * marks it failed. For work no library instrumentation sees, such as a webhook attempt.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return trace.getTracer('stockyard').startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

export { SpanKind, SpanStatusCode, type Span };
