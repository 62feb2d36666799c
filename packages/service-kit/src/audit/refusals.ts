import type { ErrorRequestHandler } from 'express';
import { AppError } from '../errors';
import type { AuditScope } from './audit-scope';
import type { RefusalLog } from './refusal-log';

/** The refusals an operator wants in the trail: forbidden, conflicting, and rule-breaking changes. */
const RECORDED = new Set([403, 409, 422]);

/**
 * Records a bound route's refusal of a change (not a read) before the error is answered. A
 * record that cannot be written is logged by the caller's error path, never answered instead.
 */
export const recordRefusals =
  (log: RefusalLog): ErrorRequestHandler =>
  (err, req, res, next) => {
    const scope = res.locals.auditScope as AuditScope | undefined;
    const orgId = req.identity?.orgId;
    if (!scope || !orgId || req.method === 'GET' || !(err instanceof AppError) || !RECORDED.has(err.status)) {
      next(err);
      return;
    }
    log.record(scope, orgId, err.status, err.code).then(
      () => next(err),
      () => next(err),
    );
  };
