import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
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

/**
 * The store refusing work because it is overloaded (FerretDB's SQLite gives up waiting for
 * its write lock after its busy timeout): nothing was written, so the caller may retry.
 */
function fromStore(err: { name?: unknown; message?: unknown }): AppError | undefined {
  if (typeof err?.message !== 'string' || !/database is locked|SQLITE_BUSY/.test(err.message)) return undefined;
  return new AppError(
    'unavailable',
    'The data store is busy; nothing was changed. Retry in a moment',
    'store_busy',
    undefined,
    { 'Retry-After': '1' },
  );
}

/** The status, body and headers an error becomes; unknown errors are logged under an id and never leak a stack. */
export function errorResponse(
  err: unknown,
  requestId: string | undefined,
  logger: Logger,
  context: Record<string, unknown> = {},
) {
  const appError =
    err instanceof AppError
      ? err
      : (fromBodyParser(err as { type?: string; status?: number }) ?? fromStore(err as { message?: unknown }));
  if (appError) {
    const body: ErrorBody = {
      error: { code: appError.code, message: appError.message, details: appError.details, requestId },
    };
    return { status: appError.status, body, headers: appError.headers ?? {} };
  }
  const errorId = randomUUID();
  logger.error({ err, errorId, requestId, ...context }, 'unhandled error');
  const body: ErrorBody = { error: { code: 'internal_error', message: `Internal error (id ${errorId})`, requestId } };
  return { status: 500, body, headers: {} };
}

/** Writes the error envelope on a plain Node response (express apps use `errorHandler`). */
export function sendError(
  res: ServerResponse,
  err: unknown,
  requestId: string | undefined,
  logger: Logger,
  context: Record<string, unknown> = {},
): void {
  const { status, body, headers } = errorResponse(err, requestId, logger, context);
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = JSON.stringify(body);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** One place turns every error into the envelope. */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (err, req, res, _next) => {
    const { status, body, headers } = errorResponse(err, req.requestId, logger, { method: req.method, path: req.path });
    if (res.headersSent) return res.end();
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.status(status).json(body);
  };
