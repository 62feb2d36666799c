import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { signWebhook, WEBHOOK_HEADERS, type WebhookBody } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import { publicOnlyLookup } from '@stockyard/service-kit/net';
import { assertPublicAddresses, parseEndpointUrl } from '../domain/endpoint-url';
import { parseRetryAfter } from '../domain/delivery';
import { postOnce } from './http-post';

export interface OutgoingWebhook {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  attempt: number;
  data: Record<string, unknown>;
}

export interface SendOptions {
  timeoutMs: number;
  allowlist: readonly string[];
}

export interface SendResult {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
  /** From the receiver's Retry-After on a failed answer; may stretch the next wait. */
  retryAfterSeconds: number | null;
}

interface PreparedWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

/** Serialized once and signed now: the signature covers exactly the bytes that go on the wire. */
export function prepareWebhook(webhook: OutgoingWebhook): PreparedWebhook {
  const body: WebhookBody = {
    event: webhook.event,
    data: webhook.data,
    delivery_id: webhook.deliveryId,
    attempt: webhook.attempt,
  };
  const rawBody = JSON.stringify(body);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'Stockyard-Webhooks/1.0',
    [WEBHOOK_HEADERS.event]: webhook.event,
    [WEBHOOK_HEADERS.deliveryId]: webhook.deliveryId,
    [WEBHOOK_HEADERS.signature]: signWebhook(webhook.secret, rawBody),
  };
  return { rawBody, headers };
}

/** Signs and POSTs one attempt; never throws, every failure becomes part of the result. */
export function sendWebhook(webhook: OutgoingWebhook, options: SendOptions): Promise<SendResult> {
  return postWebhook(webhook.url, prepareWebhook(webhook), options);
}

/** POSTs a prepared attempt; never throws, every failure becomes part of the result. */
export async function postWebhook(
  url: string,
  { rawBody, headers }: PreparedWebhook,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const target = parseEndpointUrl(url, options.allowlist);
    // Re-checked at send time: the rule may have changed since the endpoint was created.
    if (!target.allowListed && isIP(target.host)) assertPublicAddresses(target.host, [target.host]);
    const lookup = target.allowListed ? undefined : publicOnlyLookup;
    const response = await postOnce(target.url, headers, rawBody, { timeoutMs: options.timeoutMs, lookup });
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      responseStatus: response.status,
      durationMs: elapsed(),
      error: ok ? null : `HTTP ${response.status}`,
      responseBody: response.bodyExcerpt,
      retryAfterSeconds: ok ? null : parseRetryAfter(response.retryAfter, new Date()),
    };
  } catch (err) {
    return {
      ok: false,
      responseStatus: null,
      durationMs: elapsed(),
      error: describe(err, options.timeoutMs),
      responseBody: null,
      retryAfterSeconds: null,
    };
  }
}

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof AppError) return err.code;
  const e = err as { name?: string; code?: string; message?: string };
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return `timeout after ${timeoutMs} ms`;
  return [e.code, e.message].filter(Boolean).join(': ').slice(0, 500) || 'request failed';
}
