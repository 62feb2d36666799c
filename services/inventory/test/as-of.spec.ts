import { momentOf } from '../src/domain/as-of';

describe('the moment a report is taken at (momentOf)', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');

  it('is now when none is given, or a given one later than now (today, a clock a little ahead)', () => {
    expect(momentOf(undefined, now)).toBe(now);
    expect(momentOf('2026-06-30', now)).toBe(now);
    expect(momentOf('2026-06-30T12:00:30Z', now)).toBe(now);
  });

  it('is the end of a past date (UTC), and a date-time as given', () => {
    expect(momentOf('2026-06-29', now).toISOString()).toBe('2026-06-29T23:59:59.999Z');
    expect(momentOf('2026-06-30T10:00:00+02:00', now).toISOString()).toBe('2026-06-30T08:00:00.000Z');
  });
});
