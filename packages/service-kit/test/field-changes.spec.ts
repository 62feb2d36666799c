import { fieldChanges } from '../src/audit/field-changes';

describe('fieldChanges', () => {
  it('records each changed field before and after, bookkeeping left out', () => {
    const before = { id: 'po_1', orgId: 'org', version: 3, status: 'DRAFT', notes: null, updatedAt: new Date(0) };
    const after = { ...before, version: 4, status: 'SUBMITTED', notes: 'rush', updatedAt: new Date(1) };
    expect(fieldChanges(before, after)).toEqual({
      status: { before: 'DRAFT', after: 'SUBMITTED' },
      notes: { before: null, after: 'rush' },
    });
  });

  it('matches lines by id: a changed line is its field, an added or removed line the whole line', () => {
    const a = {
      lines: [
        { id: 'ln_1', qty: 5, received: 0 },
        { id: 'ln_2', qty: 1, received: 0 },
      ],
    };
    const b = {
      lines: [
        { id: 'ln_1', qty: 5, received: 3 },
        { id: 'ln_3', qty: 2, received: 0 },
      ],
    };
    expect(fieldChanges(a, b)).toEqual({
      'lines[ln_1].received': { before: 0, after: 3 },
      'lines[ln_2]': { before: { id: 'ln_2', qty: 1, received: 0 }, after: null },
      'lines[ln_3]': { before: null, after: { id: 'ln_3', qty: 2, received: 0 } },
    });
  });

  it('walks nested objects and records dates as ISO strings', () => {
    const a = { address: { city: 'Oslo', zip: '0150' }, at: new Date('2026-01-01T00:00:00Z') };
    const b = { address: { city: 'Bergen', zip: '0150' }, at: new Date('2026-02-01T00:00:00Z') };
    expect(fieldChanges(a, b)).toEqual({
      'address.city': { before: 'Oslo', after: 'Bergen' },
      at: { before: '2026-01-01T00:00:00.000Z', after: '2026-02-01T00:00:00.000Z' },
    });
  });

  it('records a created resource from nothing', () => {
    expect(fieldChanges(null, { id: 'wh_1', orgId: 'org', name: 'Main', tags: ['a'] })).toEqual({
      name: { before: null, after: 'Main' },
      tags: { before: null, after: ['a'] },
    });
  });

  it('never records a secret: by its name anywhere, or named by the store', () => {
    const a = { secret: 'whsec_old', auth: { password: 'p1', user: 'u' }, hash: 'h1', url: 'https://a.test' };
    const b = { secret: 'whsec_new', auth: { password: 'p2', user: 'u' }, hash: 'h2', url: 'https://b.test' };
    const changes = fieldChanges(a, b, ['hash']);
    expect(changes).toEqual({
      secret: { before: '[redacted]', after: '[redacted]' },
      'auth.password': { before: '[redacted]', after: '[redacted]' },
      hash: { before: '[redacted]', after: '[redacted]' },
      url: { before: 'https://a.test', after: 'https://b.test' },
    });
    expect(JSON.stringify(changes)).not.toMatch(/whsec_|p1|p2|h1|h2/);
  });

  it('is empty when nothing anyone changed moved', () => {
    const a = { id: 'x', orgId: 'o', version: 1, name: 'n', list: [1, 2] };
    expect(fieldChanges(a, { ...a, version: 2, list: [1, 2] })).toEqual({});
  });
});

describe('fieldChanges with bookkeeping fields named', () => {
  it('leaves them out, and is empty when only they moved', () => {
    const a = { status: 'PENDING', pendingMove: null, reserves: 0 };
    const planned = { ...a, pendingMove: { kind: 'reserve' }, reserves: 1 };
    const ignored = new Set(['pendingMove', 'reserves']);
    expect(fieldChanges(a, planned, [], ignored)).toEqual({});
    const settled = { ...planned, status: 'ALLOCATED', pendingMove: null };
    expect(fieldChanges(planned, settled, [], ignored)).toEqual({ status: { before: 'PENDING', after: 'ALLOCATED' } });
  });
});
