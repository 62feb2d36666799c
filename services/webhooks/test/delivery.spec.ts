import { deliveryIdFor, outcomeOf } from '../src/domain/delivery';

const now = new Date('2025-01-01T00:00:00Z');
const schedule = [60, 300, 1800];
const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('outcomeOf', () => {
  it('marks any successful attempt delivered', () => {
    expect(outcomeOf(3, true, schedule, now)).toEqual({ status: 'delivered', nextAttemptAt: null });
  });

  it.each([
    [1, 60],
    [2, 300],
    [3, 1800],
  ])('waits the schedule entry for failed attempt %i (%i s)', (attempt, seconds) => {
    expect(outcomeOf(attempt, false, schedule, now)).toEqual({ status: 'pending', nextAttemptAt: after(seconds) });
  });

  it('fails the delivery after schedule.length + 1 attempts', () => {
    expect(outcomeOf(4, false, schedule, now)).toEqual({ status: 'failed', nextAttemptAt: null });
  });

  it('makes the default production schedule 8 attempts over about two days', () => {
    const production = [60, 300, 1800, 7200, 21600, 54000, 86400];
    expect(outcomeOf(8, false, production, now).status).toBe('failed');
    expect(outcomeOf(7, false, production, now).status).toBe('pending');
    expect(production.reduce((a, b) => a + b, 0) / 3600).toBeCloseTo(47.6, 1);
  });
});

describe('deliveryIdFor', () => {
  it('derives the same dlv_ id from the same event and endpoint', () => {
    expect(deliveryIdFor('evt_1', 'we_1')).toBe(deliveryIdFor('evt_1', 'we_1'));
    expect(deliveryIdFor('evt_1', 'we_1')).toMatch(/^dlv_[A-Za-z0-9_-]{24}$/);
  });

  it('derives different ids for another endpoint or another event', () => {
    const ids = new Set([deliveryIdFor('evt_1', 'we_1'), deliveryIdFor('evt_1', 'we_2'), deliveryIdFor('evt_2', 'we_1')]);
    expect(ids.size).toBe(3);
  });
});
