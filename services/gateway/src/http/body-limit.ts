import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '@stockyard/service-kit';

/** The body was not read to its end, so the connection cannot carry another request. */
const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `Request body is larger than ${maxBytes} bytes`, 'payload_too_large', undefined, {
    Connection: 'close',
  });

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
