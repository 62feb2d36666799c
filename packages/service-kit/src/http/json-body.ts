import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '../errors';

/**
 * The deepest nesting of objects and arrays a JSON body may have. No body of the API needs
 * more than a few levels; without a bound, a body 3,000 levels deep overflowed the stack of
 * whatever walked it recursively (issue #30: 500s on every JSON POST with an Idempotency-Key).
 */
export const MAX_JSON_DEPTH = 32;

/** The depth of a parsed JSON value (a scalar is 0), counted without recursion, stopping past `max`. */
export function jsonDepth(value: unknown, max = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > max) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, level]);
  }
  return deepest;
}

/** 400 validation_failed for a body nested deeper than MAX_JSON_DEPTH, before any route or middleware walks it. */
export function boundJsonDepth(max = MAX_JSON_DEPTH): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.body === undefined || jsonDepth(req.body, max) <= max) return next();
    const message = `JSON nesting is at most ${max} levels`;
    next(new AppError('bad_request', message, 'validation_failed', [{ field: 'body', code: 'too_deep', message }]));
  };
}

/** JSON bodies up to `limit`, nested at most MAX_JSON_DEPTH deep: what every JSON route of the API reads. */
export const jsonBody = (limit: string | number = '1mb'): RequestHandler[] => [
  express.json({ limit }),
  boundJsonDepth(),
];
