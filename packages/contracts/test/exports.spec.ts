import { CreateExportSchema, EXPORT_RESOURCES, EXPORT_SOURCES } from '../src/exports';

const issues = (body: unknown) => {
  const result = CreateExportSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('POST /exports body', () => {
  it("takes a list's filters as JSON values or as a query string gives them", () => {
    expect(issues({ resource: 'products', format: 'csv', filters: { archived: true, marginBelow: 20 } })).toEqual([]);
    const asQuery = { archived: 'true', marginBelow: '20' };
    expect(issues({ resource: 'products', format: 'csv', filters: asQuery })).toEqual([]);
    expect(issues({ resource: 'invoices', format: 'ndjson', filters: { status: ['PAID', 'DRAFT'] } })).toEqual([]);
    expect(issues({ resource: 'invoices', format: 'ndjson', filters: { status: 'PAID,DRAFT' } })).toEqual([]);
    expect(issues({ resource: 'audit_events', format: 'csv', filters: { status: 201 } })).toEqual([]);
  });

  it('names each refused filter and field under its place in the body', () => {
    expect(issues({ resource: 'products', format: 'csv', filters: { archived: 'maybe', colour: 'red' } })).toEqual([
      { path: 'filters.archived', message: expect.any(String) },
      { path: 'filters', message: expect.stringContaining('colour') },
    ]);
    expect(issues({ resource: 'orders', format: 'csv', fields: ['id', 'nope', 'id'] })).toEqual([
      { path: 'fields.1', message: 'not a field of orders' },
      { path: 'fields', message: 'a field is named twice' },
    ]);
    expect(issues({ resource: 'orders', format: 'xlsx' }).map((i) => i.path)).toEqual(['format']);
    expect(issues({ resource: 'customers', format: 'csv' }).map((i) => i.path)).toEqual(['resource']);
  });

  it('knows, for every resource, who keeps it, the permission it needs and a record with fields', () => {
    for (const resource of EXPORT_RESOURCES) {
      const source = EXPORT_SOURCES[resource];
      expect(source.permission).toMatch(/\.read$/);
      expect(Object.keys(source.record.shape).length).toBeGreaterThan(3);
      expect(source.filters.safeParse({}).success).toBe(true);
    }
  });
});
