import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_HEADERS = {
  event: 'X-Stockyard-Event',
  deliveryId: 'X-Stockyard-Delivery-Id',
  signature: 'X-Stockyard-Signature',
} as const;

export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The body of every delivery attempt, exactly as the spec names its fields. */
export interface WebhookBody<D = Record<string, unknown>> {
  event: string;
  data: D;
  delivery_id: string;
  attempt: number;
}

function hmacHex(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` for the signature header. */
export function signWebhook(
  secret: string,
  rawBody: string | Uint8Array,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

export interface VerifyWebhookInput {
  secret: string;
  /** The exact bytes received; a re-serialized body will not verify. */
  rawBody: string | Uint8Array;
  /** The X-Stockyard-Signature header value. */
  header: string | undefined;
  toleranceSeconds?: number;
  /** Current time in unix seconds (tests). */
  now?: number;
}

/** True when the header carries a valid, fresh signature of rawBody under secret. */
export function verifyWebhook({
  secret,
  rawBody,
  header,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
  now = Math.floor(Date.now() / 1000),
}: VerifyWebhookInput): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(now - timestamp) > toleranceSeconds) return false;

  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  // Several v1 values may be present; any match is enough. Compare in constant time.
  return candidates.some((candidate) => {
    if (!/^[0-9a-f]+$/i.test(candidate)) return false;
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
