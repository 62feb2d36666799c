import { Transform, type Writable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@stockyard/service-kit';

const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `Request body is larger than ${maxBytes} bytes`, 'payload_too_large');

/**
 * The gateway streams bodies to services without buffering them, so the size limit is
 * enforced twice: a declared Content-Length over the limit is refused before anything
 * is read, and a chunked body is counted while it streams (see `countWhilePiping`).
 */
export const bodyLimit = (maxBytes: number) => (req: Request, res: Response, next: NextFunction) => {
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    // Node's parser never delivers more than the declared length, so this is enough.
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
  } else if (req.headers['transfer-encoding'] !== undefined) {
    countWhilePiping(req, res, maxBytes);
  }
  next();
};

/**
 * The proxy pipes `req` into the upstream request; routing that pipe through a counter
 * lets the body stream while it is measured. Past the limit the upstream request is
 * destroyed and the proxy's error handler answers 413 (it reads `res.locals.bodyTooLarge`).
 */
function countWhilePiping(req: Request, res: Response, maxBytes: number): void {
  const pipe = req.pipe.bind(req);
  req.pipe = (<T extends Writable>(destination: T) => {
    let seen = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        done(seen > maxBytes ? tooLarge(maxBytes) : null, chunk);
      },
    });
    counter.once('error', () => {
      res.locals.bodyTooLarge = true;
      req.unpipe(counter);
      destination.destroy(new Error('request body too large'));
    });
    pipe(counter);
    return counter.pipe(destination);
  }) as typeof req.pipe;
}
