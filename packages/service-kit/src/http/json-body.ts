import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '../errors';

/**
 * The deepest nesting of objects and arrays a JSON body may have. No body of the API needs
 * more than a few levels; without a bound, a body 3,000 levels deep overflowed the stack of
 * whatever walked it recursively (issue #30: 500s on every JSON POST with an Idempotency-Key).
 */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';

/** The depth of a parsed JSON value (a scalar is 0), counted without recursion, stopping past `max`. */
export function jsonDepth(value: unknown, max = Infinity): number {
  return walk(value, max).depth;
}

/**
 * Walks a parsed JSON value without recursion: its depth (stopping past `max`), and whether a
 * string or key holds a NUL, which no text of the API may (BSON refuses it in a pattern or a
 * key: a product named "\u0000" made every later search for it a 500).
 */
function walk(value: unknown, max: number): { depth: number; nul: boolean } {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return { depth: deepest, nul: true };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > max) return { depth: deepest, nul: false };
    if (Array.isArray(v)) for (const child of v) stack.push([child, level]);
    else
      for (const [key, child] of Object.entries(v)) {
        if (key.includes(NUL)) return { depth: deepest, nul: true };
        stack.push([child, level]);
      }
  }
  return { depth: deepest, nul: false };
}

const refused = (field: string, code: string, message: string) =>
  new AppError('bad_request', message, 'validation_failed', [{ field, code, message }]);

/**
 * 400 validation_failed for a body nested deeper than MAX_JSON_DEPTH or holding a NUL, before
 * any route or middleware walks it.
 */
function boundJsonDepth(max = MAX_JSON_DEPTH): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.body === undefined) return next();
    const { depth, nul } = walk(req.body, max);
    if (depth > max) return next(refused('body', 'too_deep', `JSON nesting is at most ${max} levels`));
    if (nul) return next(refused('body', 'nul_character', 'Text must not contain NUL (\\u0000) characters'));
    next();
  };
}

/** 400 validation_failed for a query parameter (name or value) holding a NUL. */
function refuseNulInQuery(req: Request, _res: Response, next: NextFunction): void {
  const raw = req.originalUrl;
  const at = raw.indexOf('?');
  if (at === -1 || !/%00/.test(raw.slice(at))) return next();
  next(refused('query', 'nul_character', 'Query parameters must not contain NUL (%00) characters'));
}

/**
 * What every route of the API reads: queries without NUL, JSON bodies up to `limit`, nested at
 * most MAX_JSON_DEPTH deep, without NUL in any string or key.
 */
export const jsonBody = (limit: string | number = '1mb'): RequestHandler[] => [
  refuseNulInQuery,
  express.json({ limit }),
  boundJsonDepth(),
];
