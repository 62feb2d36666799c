import type { Router } from 'express';
import { idRuleMessage, isId, PATH_PARAMS } from '@stockyard/contracts';
import { AppError } from '../errors';

/**
 * Holds every path parameter of the router's routes to the contracts' id rule (the one body
 * ids follow): by name, for every name of the route table (`id`, `variantId`, …), so a route
 * cannot forget it. A parameter that is not an id is 400 validation_failed before the
 * handler runs, never a row stored under a 10,000-character or `../..` id.
 */
export function validatePathIds(router: Router, names: readonly string[] = PATH_PARAMS): void {
  for (const name of names) {
    router.param(name, (_req, _res, next, value: string) => {
      if (isId(value)) return next();
      const details = [{ field: name, code: 'invalid_id', message: idRuleMessage }];
      next(new AppError('bad_request', 'Invalid path parameters', 'validation_failed', details));
    });
  }
}
