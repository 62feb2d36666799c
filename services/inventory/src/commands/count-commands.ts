import type { BulkCountApply, BulkCountPreview, CountDiff, CountResult } from '@stockyard/contracts';
import { newId } from '@stockyard/service-kit';
import { applyCount, assertDistinctLines, countDiffs, type CountLine } from '../domain/count-stock';
import { decision } from '../domain/level-change';
import { movementIds, type StockCommands } from './stock-commands';

const linesOf = (body: BulkCountPreview): CountLine[] =>
  body.lines.map((l) => ({ variantId: l.variantId, binId: l.binId ?? null, countedQuantity: l.countedQuantity }));

function byVariant(lines: CountLine[]): Map<string, CountLine[]> {
  const groups = new Map<string, CountLine[]>();
  for (const line of lines) groups.set(line.variantId, [...(groups.get(line.variantId) ?? []), line]);
  return groups;
}

/**
 * Stock counts. A count touches many variants; each variant's part is one atomic change
 * carrying the count id as an operation key, so a retry of a count that failed half way
 * applies only the variants it had not reached, and a repeated count moves nothing.
 */
export class CountCommands {
  constructor(private readonly commands: StockCommands) {}

  /** A count with a line of an unknown variant that counts stock into being is refused whole, as a repeated line is. */
  private async validate(orgId: string, warehouseId: string, lines: CountLine[]): Promise<void> {
    assertDistinctLines(lines);
    await this.commands.checkPlace(orgId, warehouseId);
    for (const binId of new Set(lines.map((l) => l.binId)))
      if (binId) await this.commands.bins.get(orgId, warehouseId, binId);
    const counted = lines.flatMap((l, i) =>
      l.countedQuantity > 0 ? [{ variantId: l.variantId, field: `lines.${i}.variantId` }] : [],
    );
    await this.commands.variants.assertLive(orgId, counted);
  }

  async preview(orgId: string, warehouseId: string, body: BulkCountPreview): Promise<CountDiff[]> {
    const lines = linesOf(body);
    await this.validate(orgId, warehouseId, lines);
    const out: CountDiff[] = [];
    for (const [variantId, group] of byVariant(lines)) {
      const level = (await this.commands.stock.find(orgId, variantId)) ?? {
        orgId,
        variantId,
        locations: [],
        reserved: 0,
        version: 0,
      };
      out.push(...countDiffs(level, warehouseId, group));
    }
    return out;
  }

  async apply(
    orgId: string,
    warehouseId: string,
    body: BulkCountApply,
    idempotencyKey?: string,
  ): Promise<CountResult[]> {
    const lines = linesOf(body);
    await this.validate(orgId, warehouseId, lines);
    const countId = body.countId ?? (idempotencyKey ? `idem:${idempotencyKey}` : newId('cnt'));
    const reason = body.reason ?? `Stock count ${countId}`;
    const out: CountResult[] = [];
    for (const [variantId, group] of byVariant(lines)) {
      const ids = movementIds();
      const { results } = await this.commands.apply(orgId, variantId, (level, method) => {
        const { results, ...change } = applyCount(level, warehouseId, group, countId, reason, ids, new Date(), method);
        return decision(level, change, { results });
      });
      out.push(...results);
    }
    return out;
  }
}
