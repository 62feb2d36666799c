import { SHARED_ERRORS, type ErrorCatalog, type ErrorDetail } from '@stockyard/contracts';
import { AppError } from './errors';

/** Makes the error of one code: its type (and so its status) comes from the catalogue. */
type ErrorMaker = (message: string, details?: ErrorDetail[], headers?: Record<string, string>) => AppError;

/** One maker per code: `errors.over_receipt(message, details)`; a code in no catalogue does not compile. */
type ErrorMakers<C extends ErrorCatalog> = { readonly [K in keyof C & string]: ErrorMaker };

/**
 * A service's error makers, from its catalogue (packages/contracts/src/api/<service>.errors.ts:
 * the codes its partner routes answer, spread with those only its internal API or its background
 * work makes) and the shared codes. Domain code throws `errors.over_receipt(...)`, never a code by hand.
 */
export function errorMakers<C extends ErrorCatalog>(catalog: C): ErrorMakers<C & typeof SHARED_ERRORS> {
  const all: ErrorCatalog = { ...SHARED_ERRORS, ...catalog };
  const makers = Object.fromEntries(
    Object.entries(all).map(([code, { type }]): [string, ErrorMaker] => [
      code,
      (message, details, headers) => new AppError(type, message, code, details, headers),
    ]),
  );
  return makers as ErrorMakers<C & typeof SHARED_ERRORS>;
}
