import type { z } from 'zod';
import type { AuditActor } from './audit';
import { IDENTITY_HEADER, signIdentity } from './identity';

/** Signs the identity a service calls a peer with, for the organization it acts for. */
export type Signer = (orgId: string) => string;

/**
 * A signer for `service` with the shared identity secret (the peer verifies it as it verifies the
 * gateway's). `actor` names who the call is made for (the audit trail's actor), when known.
 */
export const serviceSigner =
  (service: string, secret: string, actor: () => AuditActor | undefined = () => undefined): Signer =>
  (orgId) => {
    const on = actor();
    return signIdentity({ orgId, keyId: `service:${service}`, permissions: [], ...(on ? { actor: on } : {}) }, secret);
  };

/** The peer did not answer in time, could not be reached, or answered 5xx. */
export class PeerUnavailableError extends Error {
  constructor(
    readonly peer: string,
    cause: string,
  ) {
    super(`${peer} is unavailable: ${cause}`);
    this.name = 'PeerUnavailableError';
  }
}

/** The peer refused the call (4xx): a caller's bug or a missing resource, with the peer's error body. */
export class PeerRefusedError extends Error {
  constructor(
    readonly peer: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${peer} refused the call with ${status}`);
    this.name = 'PeerRefusedError';
  }
}

export interface PeerOptions {
  /** The peer's name in errors (`inventory`). */
  peer: string;
  baseUrl: string;
  sign: Signer;
  /** Abort after this long (default 3 s): a slow peer is an unavailable one, never a hang. */
  timeoutMs?: number;
  /** How a request goes out (`fetch` by default; services send through the kit's `peerTransport`). */
  send?: PeerSend;
}

/** One internal request sent, and its answer's status and body; rejects when no answer came. */
export type PeerSend = (
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{ status: number; text: string }>;

const fetchSend: PeerSend = async (url, init) => {
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text() };
};

/** POSTs a JSON body to `/internal/v1<path>` with a signed identity; parses the answer by `schema`. */
export function postInternal<S extends z.ZodType>(
  options: PeerOptions,
  orgId: string,
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> {
  return callInternal(options, orgId, path, schema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** GETs `/internal/v1<path>` (a query string may follow the path) with a signed identity; parses by `schema`. */
export function getInternal<S extends z.ZodType>(
  options: PeerOptions,
  orgId: string,
  path: string,
  schema: S,
): Promise<z.output<S>> {
  return callInternal(options, orgId, path, schema, { method: 'GET' });
}

async function callInternal<S extends z.ZodType>(
  options: PeerOptions,
  orgId: string,
  path: string,
  schema: S,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<z.output<S>> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 3000);
  const transport = options.send ?? fetchSend;
  const send = () =>
    transport(`${options.baseUrl}/internal/v1${path}`, {
      ...init,
      headers: { ...init.headers, [IDENTITY_HEADER]: options.sign(orgId) },
      signal: timeout,
    });
  let answer: { status: number; text: string };
  try {
    answer = await send().catch((err: Error) => {
      // No answer and no timeout: the connection failed or was closed under the request (a
      // replica shutting down closes its idle keep-alive connections; one can close just as a
      // request goes out on it). Sent once more, on a new connection: every internal call may be
      // (reads, and writes keyed by an operation key that the peer applies once).
      if (timeout.aborted) throw err;
      return send();
    });
  } catch (err) {
    throw new PeerUnavailableError(options.peer, timeout.aborted ? 'timed out' : (err as Error).message);
  }
  const { status, text } = answer;
  if (status >= 500) throw new PeerUnavailableError(options.peer, `answered ${status}`);
  const parsed = text ? (JSON.parse(text) as unknown) : undefined;
  if (status >= 400) throw new PeerRefusedError(options.peer, status, parsed);
  return schema.parse(parsed);
}
