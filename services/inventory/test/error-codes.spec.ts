import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, parse } from '@stockyard/service-kit';
import { z } from 'zod';
import * as stockErrors from '../src/domain/stock.errors';
import * as warehouseErrors from '../src/domain/warehouse.errors';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

type Factory = (...args: unknown[]) => unknown;

/** The code of each factory's error, called with placeholder arguments (only the code matters here). */
const producedBy = (factories: Record<string, unknown>) =>
  Object.entries(factories).map(([name, factory]) => {
    const error = (factory as Factory)(...Array.from({ length: (factory as Factory).length }, () => 'x'));
    if (!(error instanceof AppError)) throw new Error(`${name} does not build an AppError`);
    return error.code;
  });

const codes = [...new Set([...producedBy(stockErrors), ...producedBy(warehouseErrors)])];

/** The code the kit's request validation answers with (`400 validation_failed`), not the service's own. */
function validationCode(): string {
  try {
    parse(z.string(), 1, 'body');
  } catch (err) {
    return (err as AppError).code;
  }
  throw new Error('parse accepted a number as a string');
}

/** `4xx \`code\`` in the rows of the README's route tables, `/ \`other\`` after one included. */
function tableCodes(): string[] {
  const sections = readme.split(/^## /m).filter((s) => s.startsWith('Routes') || s.startsWith('Internal API'));
  const rows = sections.flatMap((s) => s.split('\n').filter((line) => line.startsWith('| `')));
  const named = rows.flatMap((row) => [...row.matchAll(/\b4\d\d\s+((?:`[a-z_]+`(?:\s*\/\s*)?)+)/g)]);
  return [...new Set(named.flatMap((m) => [...m[1]!.matchAll(/`([a-z_]+)`/g)].map((c) => c[1]!)))];
}

describe('error codes and the README', () => {
  it('names in the README every code stock.errors.ts and warehouse.errors.ts produce', () => {
    expect(codes.filter((code) => !readme.includes(`\`${code}\``))).toEqual([]);
  });

  it('produces every 4xx code the route tables name (the kit produces validation_failed)', () => {
    const named = tableCodes();
    expect(named).toEqual(expect.arrayContaining(['insufficient_stock', 'bin_not_empty', 'insufficient_reserved']));
    expect(named.filter((code) => !codes.includes(code) && code !== validationCode())).toEqual([]);
  });
});
