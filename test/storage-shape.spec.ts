import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { filesUnder } from './support/thrown-codes';

/**
 * Issue #38: one storage shape. An aggregate's store is made by a factory and held by the commands
 * that write through it; nothing wraps its writes, and no class hands it out as a property for
 * others to reach through. So outside `commands/` no service source calls a store's `create`,
 * `change` or `changeMany` on a `store` field, and none declares a public `readonly store`.
 */
const root = join(__dirname, '..');
const services = ['catalog', 'purchasing', 'invoicing', 'orders', 'inventory', 'webhooks'];

const WRAPPED_WRITE = /\.store\.(create|change|changeMany)\(/;
const HANDED_OUT = /^\s*(public\s+)?readonly store\b/;

function findings(): string[] {
  const found: string[] = [];
  for (const service of services) {
    for (const file of filesUnder(join(root, 'services', service, 'src'))) {
      const name = relative(root, file);
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (HANDED_OUT.test(line)) found.push(`${name}:${i + 1}: a store handed out (readonly store)`);
        if (WRAPPED_WRITE.test(line) && !name.includes('/commands/'))
          found.push(`${name}:${i + 1}: a store's write wrapped outside commands/`);
      });
    }
  }
  return found;
}

describe('one storage shape', () => {
  it('has no store handed out and no write of a store wrapped outside commands/', () => {
    expect(findings()).toEqual([]);
  });

  it('would see one of each', () => {
    expect(WRAPPED_WRITE.test('    const { state } = await this.store.change(orgId, id, decide);')).toBe(true);
    expect(HANDED_OUT.test('  readonly store: AggregateStore<Hold>;')).toBe(true);
    expect(HANDED_OUT.test('    private readonly store: BrandStore,')).toBe(false);
  });
});
