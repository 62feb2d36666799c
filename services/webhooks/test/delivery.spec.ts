import { deliveryIdFor, outcomeOf, parseRetryAfter, type RetryPolicy } from '../src/domain/delivery';
import { deliveryEndedChange, patchChange, type Endpoint } from '../src/domain/endpoint';

const now = new Date('2025-01-01T00:00:00Z');
const exact: RetryPolicy = { schedule: [60, 300, 1800], jitter: 0 };
const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const failed = { ok: false };

describe('outcomeOf', () => {
  it('marks any successful attempt succeeded', () => {
    expect(outcomeOf(3, { ok: true }, exact, now)).toEqual({ status: 'succeeded', nextAttemptAt: null });
  });

  it.each([
    [1, 60],
    [2, 300],
    [3, 1800],
  ])('waits the schedule entry for failed attempt %i (%i s)', (attempt, seconds) => {
    expect(outcomeOf(attempt, failed, exact, now)).toEqual({ status: 'pending', nextAttemptAt: after(seconds) });
  });

  it('fails the delivery after schedule.length + 1 attempts', () => {
    expect(outcomeOf(4, failed, exact, now)).toEqual({ status: 'failed', nextAttemptAt: null });
  });

  it('makes the default production schedule 8 attempts over about two days', () => {
    const production = { schedule: [60, 300, 1800, 7200, 21600, 54000, 86400], jitter: 0.1 };
    expect(outcomeOf(8, failed, production, now).status).toBe('failed');
    expect(outcomeOf(7, failed, production, now).status).toBe('pending');
    expect(production.schedule.reduce((a, b) => a + b, 0) / 3600).toBeCloseTo(47.6, 1);
  });

  it.each([
    [0, 54],
    [0.5, 60],
    [1, 66],
  ])('spreads a wait by the jitter (random %d gives %i s of 60 at ±10 %)', (random, seconds) => {
    const policy = { ...exact, jitter: 0.1, random: () => random };
    expect(outcomeOf(1, failed, policy, now).nextAttemptAt).toEqual(after(seconds));
  });

  it("stretches a wait to the receiver's Retry-After, at most to the longest step", () => {
    expect(outcomeOf(1, { ok: false, retryAfterSeconds: 120 }, exact, now).nextAttemptAt).toEqual(after(120));
    expect(outcomeOf(1, { ok: false, retryAfterSeconds: 999_999 }, exact, now).nextAttemptAt).toEqual(after(1800));
  });

  it('never shortens a wait because of Retry-After', () => {
    expect(outcomeOf(2, { ok: false, retryAfterSeconds: 1 }, exact, now).nextAttemptAt).toEqual(after(300));
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and ignores junk', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe('the consecutive-failure rule', () => {
  const endpoint = (consecutiveFailures: number, enabled = true) => ({ consecutiveFailures, enabled }) as Endpoint;

  it('counts failed deliveries and disables at the fifth', () => {
    expect(deliveryEndedChange(endpoint(3), false, now)).toEqual({ consecutiveFailures: 4 });
    expect(deliveryEndedChange(endpoint(4), false, now)).toEqual({
      consecutiveFailures: 5,
      enabled: false,
      disabledAt: now,
    });
  });

  it('resets the count on a success', () => {
    expect(deliveryEndedChange(endpoint(4), true, now)).toEqual({ consecutiveFailures: 0 });
    expect(deliveryEndedChange(endpoint(0), true, now)).toBeUndefined();
  });

  it('resets the count when PATCH enables the endpoint', () => {
    expect(patchChange({ enabled: true })).toEqual({ enabled: true, disabledAt: null, consecutiveFailures: 0 });
    expect(patchChange({ events: ['order.created', 'order.created'] })).toEqual({ events: ['order.created'] });
  });
});

describe('deliveryIdFor', () => {
  it('derives the same dlv_ id from the same event and endpoint', () => {
    expect(deliveryIdFor('evt_1', 'we_1')).toBe(deliveryIdFor('evt_1', 'we_1'));
    expect(deliveryIdFor('evt_1', 'we_1')).toMatch(/^dlv_[A-Za-z0-9_-]{24}$/);
  });

  it('derives different ids for another endpoint or another event', () => {
    const ids = new Set([
      deliveryIdFor('evt_1', 'we_1'),
      deliveryIdFor('evt_1', 'we_2'),
      deliveryIdFor('evt_2', 'we_1'),
    ]);
    expect(ids.size).toBe(3);
  });
});
