import type { ErrorType } from '../errors';

/** A stable error `code` a route answers, the type that decides its status, and when it happens. */
export interface ErrorCode {
  code: string;
  type: ErrorType;
  description: string;
}

/** A service's business error codes by name: what its routes pick from. */
export type ErrorCatalog = Record<string, Omit<ErrorCode, 'code'>>;

/** Codes more than one service answers, on the routes that need them. */
export const SHARED_ERRORS = {
  dependency_unavailable: {
    type: 'unavailable',
    description: 'A service this route needs is down or slow; nothing changed; retry after `Retry-After`',
  },
  contention: {
    type: 'unavailable',
    description: 'The resource kept changing under the write; nothing changed; retry after `Retry-After`',
  },
  resource_not_found: {
    type: 'not_found',
    description: 'An id in the path or the body names nothing of the organization',
  },
  invalid_status_transition: {
    type: 'conflict',
    description: 'The state table forbids this step from the current status (details name status and step)',
  },
  too_many_lines: { type: 'unprocessable', description: 'More lines than one document holds' },
} satisfies ErrorCatalog;

type Shared = typeof SHARED_ERRORS;

/**
 * The picker of one service's codes and the shared ones: `pick('over_receipt', 'unknown_variant')`
 * is the list a route declares as `errors`, each code with its type and description. A name in
 * neither catalog does not compile.
 */
export const codePicker =
  <C extends ErrorCatalog>(own: C) =>
  (...names: ((keyof C | keyof Shared) & string)[]): ErrorCode[] =>
    names.map((code) => {
      const entry = (own as ErrorCatalog)[code] ?? (SHARED_ERRORS as ErrorCatalog)[code];
      if (!entry) throw new Error(`error code ${code} is in no catalog`);
      return { code, ...entry };
    });
