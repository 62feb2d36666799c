import { PeerRefusedError, PeerUnavailableError, serviceSigner, type PeerOptions } from '@stockyard/contracts';
import { currentActor } from './audit/audit-scope';
import { AppError } from './errors';
import { peerTransport } from './net/peer-transport';

/** 503 for a route that needs a peer that is down, slow or failing; everything else keeps working. */
export const dependencyUnavailable = (peer: string) =>
  new AppError('unavailable', `${peer} is unavailable; retry shortly`, 'dependency_unavailable', undefined, {
    'Retry-After': '5',
  });

/** What a service calls its peers with: its own signed identity, the peer's URL, the timeout, undici. */
export const peerOptions = (
  self: string,
  config: { IDENTITY_SECRET: string; PEER_TIMEOUT_MS: number },
  baseUrl: string,
): Omit<PeerOptions, 'peer'> => ({
  baseUrl,
  sign: serviceSigner(self, config.IDENTITY_SECRET, currentActor),
  timeoutMs: config.PEER_TIMEOUT_MS,
  send: peerTransport,
});

/** The peer's own error code and message of a refusal (its error envelope), if it sent one. */
export function refusalOf(err: PeerRefusedError): { code: string; message: string } {
  const error = (err.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return {
    code: typeof error?.code === 'string' ? error.code : `http_${err.status}`,
    message: typeof error?.message === 'string' ? error.message : err.message,
  };
}

/**
 * A call to a peer's internal API: down, slow or 5xx is a 503 `dependency_unavailable`, never a
 * 500 or a hang. A refusal (4xx) is, by `refused`, a 422 `<peer>_refused` naming the peer's own
 * code (the caller sent something the peer rejects: a business answer), or a 503 too (a read
 * that should never be refused: the peer is not the one this service was built against).
 */
export async function callPeer<T>(
  peer: string,
  call: () => Promise<T>,
  refused: 'unprocessable' | 'unavailable' = 'unprocessable',
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PeerUnavailableError) throw dependencyUnavailable(peer);
    if (!(err instanceof PeerRefusedError)) throw err;
    if (refused === 'unavailable') throw dependencyUnavailable(peer);
    const { code, message } = refusalOf(err);
    throw new AppError('unprocessable', `${peer} refused the call: ${message}`, `${peer}_refused`, [
      { field: peer, code, message },
    ]);
  }
}
