import { partnerApiDocument } from '@stockyard/contracts/src/openapi/document';
import { GENERIC_ERRORS } from '@stockyard/contracts/src/openapi/generic-errors';
import { AppError } from '@stockyard/service-kit';
import * as settingsErrors from '../src/domain/settings.errors';
import * as stockErrors from '../src/domain/stock.errors';
import * as warehouseErrors from '../src/domain/warehouse.errors';

type Factory = (...args: unknown[]) => unknown;

/** The code and status of each factory's error, called with placeholder arguments. */
const producedBy = (factories: Record<string, unknown>) =>
  Object.entries(factories).map(([name, factory]) => {
    const error = (factory as Factory)(...Array.from({ length: (factory as Factory).length }, () => 'x'));
    if (!(error instanceof AppError)) throw new Error(`${name} does not build an AppError`);
    return { code: error.code, status: error.status };
  });

const produced = [...producedBy(stockErrors), ...producedBy(warehouseErrors), ...producedBy(settingsErrors)];
const codes = [...new Set(produced.map((p) => p.code))];

/** Codes only the internal API (/internal/v1, called by orders and purchasing) answers: no partner route lists them. */
const INTERNAL_ONLY = ['insufficient_available', 'insufficient_reserved', 'operation_key_reused'];

interface Json {
  [key: string]: unknown;
}

/** Each code, with its status, that an inventory route of the OpenAPI document lists (`error.code`'s enum). */
function documentedCodes(): { code: string; status: number }[] {
  const doc = partnerApiDocument();
  const components = (doc.components as Json).responses as Record<string, Json>;
  const operations = Object.values(doc.paths as Record<string, Record<string, Json>>).flatMap((item) =>
    Object.values(item).filter((op) => (op.tags as string[] | undefined)?.includes('inventory')),
  );
  return operations.flatMap((op) =>
    Object.entries(op.responses as Record<string, Json>)
      .filter(([status]) => Number(status) >= 400)
      .flatMap(([status, response]) => {
        const ref = response.$ref as string | undefined;
        const resolved = ref ? components[ref.split('/').at(-1)!]! : response;
        const content = resolved.content as Record<string, { schema: Json }> | undefined;
        const schema = content?.['application/json']?.schema as
          { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } } | undefined;
        const listed = schema?.properties?.error?.properties?.code?.enum ?? [];
        return listed.map((code) => ({ code, status: Number(status) }));
      }),
  );
}

const documented = documentedCodes();

describe('error codes and the OpenAPI document', () => {
  it('lists on an inventory route, at its status, every code the domain’s *.errors.ts files produce', () => {
    const missing = produced.filter(
      (p) => !INTERNAL_ONLY.includes(p.code) && !documented.some((d) => d.code === p.code && d.status === p.status),
    );
    expect(missing).toEqual([]);
  });

  it('names internal-only codes the errors files produce and no partner route lists', () => {
    expect(INTERNAL_ONLY.filter((code) => !codes.includes(code))).toEqual([]);
    expect(INTERNAL_ONLY.filter((code) => documented.some((d) => d.code === code))).toEqual([]);
  });

  it('produces every 4xx code the inventory routes list (the kit and the gateway produce the generic ones)', () => {
    const named = [...new Set(documented.filter((d) => d.status < 500).map((d) => d.code))];
    expect(named).toEqual(expect.arrayContaining(['insufficient_stock', 'bin_not_empty', 'min_above_max']));
    expect(named.filter((code) => !codes.includes(code) && !(code in GENERIC_ERRORS))).toEqual([]);
  });
});
