import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { errors } from '../domain/errors';

/** The body was not read to its end, so the connection cannot carry another request. */
const tooLarge = (maxBytes: number) =>
  errors.payload_too_large(`Request body is larger than ${maxBytes} bytes`, undefined, { Connection: 'close' });

/**
 * The body to stream upstream, never buffered, so the size limit is enforced twice: a
 * declared Content-Length over the limit is refused before anything is read (Node's parser
 * never delivers more than it declares), and a chunked body is counted while it streams;
 * past the limit the stream fails, the upstream request is aborted and the caller gets 413.
 */
export function limitedBody(req: IncomingMessage, maxBytes: number): Readable | null {
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
    return declared === '0' ? null : req;
  }
  if (req.headers['transfer-encoding'] === undefined) return null;
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  return req.pipe(counter);
}

/** Bodies up to this size, declared, are read before they go, so they can go again (`resendable`). */
const RESENDABLE_BYTES = 1024 * 1024;

/** Methods whose request may be sent twice; a POST only with an Idempotency-Key (the service's replay). */
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request cut after it was written may go to another replica: one a second copy of
 * cannot do twice (its method, or a POST's Idempotency-Key), with a body the gateway can send
 * again (none, or one of a declared size it reads first: `bufferedBody`).
 */
export function resendable(req: IncomingMessage): boolean {
  if (!REPEATABLE.has(req.method!) && !(req.method === 'POST' && req.headers['idempotency-key'] !== undefined))
    return false;
  const declared = req.headers['content-length'];
  if (declared !== undefined) return Number(declared) <= RESENDABLE_BYTES;
  return req.headers['transfer-encoding'] === undefined;
}

/** A `resendable` request's body, read whole (its size was checked against the limit first). */
export async function bufferedBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const body = limitedBody(req, maxBytes);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
