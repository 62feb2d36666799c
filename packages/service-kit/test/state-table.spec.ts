import { AppError, stateTable } from '../src';

const orders = stateTable('Order', {
  DRAFT: { submit: 'SUBMITTED', cancel: 'CANCELLED' },
  SUBMITTED: { receive: 'RECEIVED', cancel: 'CANCELLED' },
  RECEIVED: {},
  CANCELLED: {},
});

describe('StateTable', () => {
  it('gives the status a trigger leads to', () => {
    expect(orders.next('DRAFT', 'submit')).toBe('SUBMITTED');
    expect(orders.next('SUBMITTED', 'cancel')).toBe('CANCELLED');
  });

  it('refuses an illegal step with 409 invalid_status_transition, naming from where and by what', () => {
    const err = (() => {
      try {
        orders.next('RECEIVED', 'cancel');
      } catch (e) {
        return e;
      }
    })() as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect({ status: err.status, code: err.code, message: err.message }).toEqual({
      status: 409,
      code: 'invalid_status_transition',
      message: 'Order cannot cancel while RECEIVED',
    });
    expect(err.details).toEqual([
      { field: 'status', code: 'invalid_status_transition', message: 'from RECEIVED by cancel' },
    ]);
  });

  it("uses the aggregate's own code when it has one", () => {
    const table = stateTable('Delivery', { failed: { replay: 'pending' }, pending: {} }, 'delivery_not_failed');
    expect(() => table.next('pending', 'replay')).toThrow(expect.objectContaining({ code: 'delivery_not_failed' }));
  });

  it('lists its statuses, its triggers and where each trigger may fire from', () => {
    expect(orders.statuses).toEqual(['DRAFT', 'SUBMITTED', 'RECEIVED', 'CANCELLED']);
    expect(orders.triggers.sort()).toEqual(['cancel', 'receive', 'submit']);
    expect(orders.from('cancel')).toEqual(['DRAFT', 'SUBMITTED']);
    expect(orders.can('DRAFT', 'receive')).toBe(false);
  });
});
