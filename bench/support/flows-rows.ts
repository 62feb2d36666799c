/** The rows of issue #39's table from what each benchmark handed back, beside the floors measured for them. */
import type { Floor } from '../store-floor';
import type { FlowRow } from './flows-table';
import type { GatewayFigures } from './gateway-bench';
import type { HoldsFigures } from './holds-bench';
import type { ImportFigures } from './import-bench';
import type { ListFigures } from './list-reads';
import type { OrdersFigures } from './orders-bench';
import type { PurchasingFigures } from './purchasing-bench';

export interface FlowsFigures {
  holds: HoldsFigures;
  orders: OrdersFigures;
  purchasing: PurchasingFigures;
  feed: ImportFigures;
  gateway: GatewayFigures;
  importRows: number;
  lists: { listOrders: number };
}

const answers = (count: number) => (count === 0 ? '0' : `**${count}**`);

function listRows(path: string, flow: string, lists: ListFigures[], records: number, floors: Map<string, Floor>) {
  return lists.map((l): FlowRow => ({
    benchmark: `\`GET ${path}${l.query}\` at ${records.toLocaleString('en')} records`,
    measured: `p50 ${l.p50.toFixed(0)} ms, p99 **${l.p99.toFixed(0)} ms** (total ${l.total})`,
    cpuMsPerOp: l.cpuMsPerRead,
    floor: floors.get(`${flow} ${l.query}`),
    goal: 'p99 < 100 ms',
    answers: answers(l.refused),
  }));
}

export function flowRows(f: FlowsFigures, writeFloors: Map<string, Floor>, readFloors: Map<string, Floor>): FlowRow[] {
  const { holds, orders, purchasing, feed, gateway } = f;
  const records = f.lists.listOrders;
  const rows: FlowRow[] = [
    {
      benchmark: '`bench:holds`: import of a 10-line order with its holds, then fulfil',
      measured:
        `**${holds.perSecond.toFixed(1)} orders/s** (${holds.done} in ${holds.seconds} s); ` +
        `invariant ${holds.invariantHolds ? 'holds' : '**broken**'}`,
      cpuMsPerOp: holds.cpuMsPerOp,
      floor: writeFloors.get('holds'),
      goal: '≥ 100 orders/s, ≤ 20 ms',
      answers: answers(holds.refusals.count),
    },
    {
      benchmark: '`bench:orders`: `POST /orders`, 10 lines by SKU',
      measured: `**${orders.perSecond.toFixed(0)}/s** (${orders.count} in ${orders.seconds} s)`,
      cpuMsPerOp: orders.cpuMsPerOp,
      floor: writeFloors.get('orders'),
      goal: '≥ 200/s, ≤ 8 ms',
      answers: answers(orders.refusals.count),
    },
    {
      benchmark: '`bench:purchasing`: line receipts, orders of 100 lines',
      measured: `**${purchasing.perSecond.toFixed(0)}/s** (${purchasing.count} in ${purchasing.seconds} s)`,
      cpuMsPerOp: purchasing.cpuMsPerOp,
      floor: writeFloors.get('purchasing'),
      goal: '≥ 200/s, ≤ 8 ms',
      answers: answers(purchasing.refusals.count),
    },
    ...listRows('/orders', 'orders', orders.lists, records, readFloors),
    ...listRows('/purchase-orders', 'purchasing', purchasing.lists, records, readFloors),
    {
      benchmark: `\`bench:import\`: supplier feed of ${f.importRows.toLocaleString('en')} rows (CPU per row)`,
      measured: `**${feed.perSecond.toFixed(0)} rows/s** (${feed.seconds.toFixed(1)} s; job ${feed.status})`,
      cpuMsPerOp: feed.cpuMsPerOp,
      floor: writeFloors.get('import'),
      goal: '≥ 5,000 rows/s',
      answers: answers(feed.refusals.count),
    },
  ];
  for (const c of gateway.comparisons) {
    const { direct, gateway: through } = c;
    rows.push({
      benchmark: `\`bench:gateway\`: a proxied \`GET ${c.path.replace('/api/v1', '')}\`, ${c.connections} connections`,
      measured:
        `**${c.ratio.toFixed(2)}× of direct** ` +
        `(${through.perSecond.toFixed(0)} of ${direct.perSecond.toFixed(0)} req/s)`,
      // The bench keeps µs per request; the table speaks ms.
      cpuMsPerOp: Object.fromEntries(Object.entries(through.cpu).map(([name, us]) => [name, us / 1000])),
      floor: readFloors.get(`gateway ${c.path}`),
      goal: '≥ 0.9×, ≤ 1 ms',
      // Answers are tallied over the whole bench:gateway run, warm-ups included.
      answers: answers(gateway.refusals.count),
    });
  }
  return rows;
}
