import { PeerRefusedError, PeerUnavailableError } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';

export const dependencyUnavailable = (peer: string) =>
  new AppError('unavailable', `${peer} is unavailable; retry shortly`, 'dependency_unavailable', undefined, {
    'Retry-After': '5',
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
 * A peer read: down, slow or 5xx is a 503 `dependency_unavailable`, never a 500 or a hang; a
 * refusal (4xx) is a 422 `<peer>_refused` naming the peer's own code.
 */
export async function callPeer<T>(peer: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PeerUnavailableError) throw dependencyUnavailable(peer);
    if (err instanceof PeerRefusedError) {
      const { code, message } = refusalOf(err);
      throw new AppError('unprocessable', `${peer} refused the call: ${message}`, `${peer}_refused`, [
        { field: peer, code, message },
      ]);
    }
    throw err;
  }
}
