import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@stockyard/contracts';
import type { Logger } from '../logger';
import { AppError } from '../errors';

/** body-parser's errors carry a `type`; map the ones a client can cause. */
function fromBodyParser(err: { type?: string; status?: number }): AppError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError('bad_request', 'Malformed JSON in request body', 'invalid_json');
    case 'entity.too.large':
      return new AppError('payload_too_large', 'Request body is too large', 'payload_too_large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('unsupported_media_type', 'Unsupported request body encoding', 'unsupported_encoding');
    default:
      return err.status === 400 ? new AppError('bad_request', 'Malformed request', 'bad_request') : undefined;
  }
}

export const notFoundHandler: RequestHandler = (req) => {
  throw new AppError('not_found', `No route for ${req.method} ${req.path}`, 'route_not_found');
};

/** One place turns every error into the envelope; unknown errors never leak a stack. */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (err, req, res, _next) => {
    const appError = err instanceof AppError ? err : fromBodyParser(err);
    let body: ErrorBody;
    let status: number;
    if (appError) {
      status = appError.status;
      body = { error: { code: appError.code, message: appError.message, details: appError.details, requestId: req.requestId } };
      for (const [name, value] of Object.entries(appError.headers ?? {})) res.setHeader(name, value);
    } else {
      const errorId = randomUUID();
      logger.error({ err, errorId, requestId: req.requestId, method: req.method, path: req.path }, 'unhandled error');
      status = 500;
      body = { error: { code: 'internal_error', message: `Internal error (id ${errorId})`, requestId: req.requestId } };
    }
    if (res.headersSent) return res.end();
    res.status(status).json(body);
  };
