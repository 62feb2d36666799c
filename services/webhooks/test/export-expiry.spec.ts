import { EXPORT_STATUSES } from '@stockyard/contracts';
import { configSchema } from '../src/config';
import { expireExport, fileExpiresAt } from '../src/domain/export-job';
import { exportJob } from './support/export-records';

const now = new Date('2026-03-08T10:00:00Z');
const finishedAt = new Date('2026-03-01T10:00:00Z');
const completed = () => exportJob({ status: 'completed', objectKey: 'exports/org_1/exp_1/1.csv', finishedAt });

describe('an export’s expiry', () => {
  it('removes the file of a completed job: expired, no object key, when', () => {
    const { state, result } = expireExport(completed(), now);
    expect(result).toBe(true);
    expect(state).toMatchObject({ status: 'expired', objectKey: null, expiredAt: now, finishedAt });
  });

  it.each(EXPORT_STATUSES.filter((s) => s !== 'completed'))('leaves a %s job as it is', (status) => {
    expect(expireExport(exportJob({ status, finishedAt }), now)).toEqual({ result: false });
  });

  it('keeps a file EXPORT_KEEP_DAYS after the job finished', () => {
    expect(fileExpiresAt(completed(), 7)).toEqual(new Date('2026-03-08T10:00:00Z'));
    expect(fileExpiresAt(completed(), 0.5)).toEqual(new Date('2026-03-01T22:00:00Z'));
    expect(fileExpiresAt(exportJob(), 7)).toBeNull();
  });
});

describe('EXPORT_KEEP_DAYS', () => {
  const keep = (value: string | undefined) => configSchema.shape.EXPORT_KEEP_DAYS.safeParse(value);

  it('is 7 by default, and takes fractions (tests keep files seconds)', () => {
    expect(keep(undefined)).toMatchObject({ success: true, data: 7 });
    expect(keep('0.5')).toMatchObject({ success: true, data: 0.5 });
    expect(keep('90')).toMatchObject({ success: true, data: 90 });
  });

  it('refuses 0, a negative, more than 90 days and a non-number', () => {
    for (const value of ['0', '-1', '91', 'week']) expect(keep(value).success).toBe(false);
  });
});
