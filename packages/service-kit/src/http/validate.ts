import type { Request } from 'express';
import type { z } from 'zod';
import { AppError } from '../errors';

type Location = 'body' | 'query' | 'params';

/** Parses input with a contracts schema; a violation is a 400 listing every failing field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, location: Location): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : location,
    code: issue.code,
    message: issue.message,
  }));
  const message =
    input === undefined && location === 'body'
      ? 'Request body is required (Content-Type: application/json)'
      : `Invalid ${location === 'params' ? 'path parameters' : location}`;
  throw new AppError('bad_request', message, 'validation_failed', details);
}

export const bodyOf = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.body, 'body');
export const queryOf = <S extends z.ZodType>(req: Request, schema: S) => parse(schema, req.query, 'query');
