import { ERROR_STATUS, type ErrorDetail, type ErrorType } from '@stockyard/contracts';

/**
 * The one error type domain code throws. `type` picks the HTTP status; `code` is the
 * stable, machine-readable reason partners branch on (`insufficient_stock`).
 */
export class AppError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly code: string = type,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.type];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`, 'resource_not_found');
export const conflict = (message: string, code = 'invalid_state') => new AppError('conflict', message, code);
export const unprocessable = (message: string, code: string) => new AppError('unprocessable', message, code);
