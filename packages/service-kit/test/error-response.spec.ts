import { AppError } from '../src';
import { errorResponse } from '../http';
import { createLogger } from '../ops';

const logger = createLogger('test', 'silent');

describe('errorResponse', () => {
  it("turns the store's overload refusal into 503 store_busy with Retry-After, not a 500", () => {
    // What the driver raises when FerretDB's SQLite gave up waiting for its write lock.
    const busy = Object.assign(
      new Error('[msg_update.go:133 handler.(*Handler).updateDocument] database is locked (5) (SQLITE_BUSY)'),
      { name: 'MongoServerError' },
    );
    const { status, body, headers } = errorResponse(busy, 'req_1', logger);
    expect(status).toBe(503);
    expect(body.error).toMatchObject({ code: 'store_busy', requestId: 'req_1' });
    expect(headers).toEqual({ 'Retry-After': '1' });
  });

  it('keeps an AppError as it is and hides anything unknown behind 500 internal_error', () => {
    expect(errorResponse(new AppError('conflict', 'no', 'invalid_state'), 'r', logger)).toMatchObject({
      status: 409,
      body: { error: { code: 'invalid_state' } },
    });
    const unknown = errorResponse(new Error('boom at /secret/path'), 'r', logger);
    expect(unknown.status).toBe(500);
    expect(unknown.body.error.code).toBe('internal_error');
    expect(unknown.body.error.message).not.toContain('/secret/path');
  });
});
