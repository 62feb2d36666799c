/**
 * `npm run bench:flows`: issue #39's table in one run. bench:holds, bench:orders (with its lists),
 * bench:purchasing (with its lists), bench:import and bench:gateway's `/warehouses` run one after the
 * other, each on its own stack as when run alone, printing what they print; while each stack is still
 * small, one operation of its flow is run (after one not counted) and what it writes is counted per
 * collection (support/write-count.ts), and each list's page is read straight from its collection. Then the store
 * floor (store-floor.ts) writes those documents as tightly as the store allows, and the run ends with
 * one markdown table: every figure with its CPU per operation and its multiple of the floor, and the
 * load average at start and end. Any answer not 2xx in any flow fails the run after the table.
 *
 * Settings (environment): BENCH_SECONDS, timed seconds of each write load (10); BENCH_LIST_RECORDS,
 * orders and purchase orders in each list organization (50,000); BENCH_READS, reads per list query
 * (200); BENCH_IMPORT_ROWS, the supplier feed's rows (10,000 by default, a minute at today's rate: the
 * issue's figure is at 100,000, which takes minutes on its own); BENCH_GATEWAY_CONNECTIONS
 * ('10,32'), BENCH_GATEWAY_SECONDS (5) and BENCH_GATEWAY_ROUNDS (3); BENCH_FLOOR_WRITES and
 * BENCH_FLOOR_READS, the floor's documents per flow (10,000) and reads per page (100).
 *
 * FerretDB's CPU is read from its process. The run starts a FerretDB of its own (the checkout's build,
 * an empty folder) so that figure is this run's alone; BENCH_FERRETDB=shared runs on the checkout's,
 * which other work may use too. Either way it prints what FerretDB spends with none of this run's work
 * going, at the start and before the floor.
 */
import os from 'node:os';
import { isolatedNames } from '@stockyard/testkit';
import { cpuMeter, runScript } from './machine';
import { readFloor, writeFloor, type Floor } from './store-floor';
import { load, say, sleep } from './support/figures';
import type { FlowProbe } from './support/flow-probe';
import { flowsTable, msText } from './support/flows-table';
import { flowRows, type FlowsFigures } from './support/flows-rows';
import { benchGateway } from './support/gateway-bench';
import { benchHolds } from './support/holds-bench';
import { benchImport } from './support/import-bench';
import { benchOrders } from './support/orders-bench';
import { benchPurchasing } from './support/purchasing-bench';
import { failOnRefusals, Refusals } from './support/refusals';
import { benchServers, startOwnFerretDb } from './support/servers';
import { countWrites, describeWrites, type CountedFlow } from './support/write-count';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LIST_RECORDS = Number(process.env.BENCH_LIST_RECORDS ?? 50_000);
const READS = Number(process.env.BENCH_READS ?? 200);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const GATEWAY = {
  connectionCounts: (process.env.BENCH_GATEWAY_CONNECTIONS ?? '10,32').split(',').map(Number),
  seconds: Number(process.env.BENCH_GATEWAY_SECONDS ?? 5),
  rounds: Number(process.env.BENCH_GATEWAY_ROUNDS ?? 3),
  warmupSeconds: 3,
  paths: ['/api/v1/warehouses'],
};

/** FerretDB's CPU ms per second over 5 s while none of this run's work runs: the shared store's other work. */
async function idleStore(ferretdb: number | undefined): Promise<string> {
  const meter = cpuMeter({ ferretdb }).start();
  await sleep(5000);
  const used = meter.stop().ferretdb;
  return used === undefined ? 'not read' : `${(used / 5).toFixed(0)} ms of CPU per second`;
}

const started = performance.now();
const section = (title: string) => {
  say('');
  say(`## ${title} (${((performance.now() - started) / 1000).toFixed(0)} s into the run)`);
  say('');
};

const floorLine = (floor: Floor, unit: string) =>
  `floor: ${Number(floor.documents.toPrecision(3))} documents per ${unit}; ` +
  `${floor.operations} ${unit === 'read' ? 'reads' : 'operations'}, ` +
  `${floor.unitsPerSecond.toFixed(0)} ${unit}s/s, ` +
  `wall ${msText(floor.wallMsPerUnit)} ms per ${unit}; CPU ms per ${unit}: FerretDB ` +
  `${msText(floor.cpuMsPerUnit.ferretdb ?? NaN)}, this process ${msText(floor.cpuMsPerUnit.floor ?? NaN)}`;

/** What the benchmarks hand back to the flows run: the writes counted and the reads' floors. */
function probes(mongoUrl: string, ferretdb: number | undefined) {
  const counted = new Map<string, CountedFlow>();
  const readFloors = new Map<string, Floor>();
  const probeFor = (flow: string): FlowProbe => ({
    async writes(probe) {
      say(`counting what one ${flow} operation writes (the stack's service databases read around each step)`);
      const writes = await countWrites(mongoUrl, probe);
      counted.set(flow, writes);
      for (const line of describeWrites(writes)) say(`  ${line}`);
      if (writes.background.length > 0) say(`  left out, changing while idle: ${writes.background.join(', ')}`);
      if (writes.unsettled > 0) say(`  ${writes.unsettled} reads did not settle within 30 s: counts may be short`);
    },
    async reads(probe) {
      for (const read of probe.reads) {
        const floor = await readFloor(mongoUrl, probe, read, ferretdb);
        readFloors.set(`${flow} ${read.query}`, floor);
        say(
          `straight page read for ${read.query || '(first page)'}: p50 ${msText(floor.p50)} ms; ` +
            floorLine(floor, 'read'),
        );
      }
    },
  });
  return { counted, readFloors, probeFor };
}

/** Every benchmark of the table in turn, each handing its writes and reads to the probes. */
async function runBenches(probeFor: (flow: string) => FlowProbe) {
  section('bench:holds');
  const holds = await benchHolds({ seconds: SECONDS, probe: probeFor('holds') });
  section('bench:orders');
  const lists = { listOrders: LIST_RECORDS, reads: READS };
  const orders = await benchOrders({ seconds: SECONDS, ...lists, probe: probeFor('orders') });
  section('bench:purchasing');
  const receipts = { seconds: SECONDS, ordersPerConnection: 3, lines: 100 };
  const purchasing = await benchPurchasing({ ...receipts, ...lists, probe: probeFor('purchasing') });
  section(`bench:import (${IMPORT_ROWS} rows)`);
  const feed = await benchImport({ rows: IMPORT_ROWS, timeoutSeconds: 1800, probe: probeFor('import') });
  section('bench:gateway (/warehouses)');
  const gateway = await benchGateway({ ...GATEWAY, probe: probeFor('gateway') });
  return { holds, orders, purchasing, feed, gateway, importRows: IMPORT_ROWS, lists };
}

async function writeFloors(mongoUrl: string, counted: Map<string, CountedFlow>, ferretdb: number | undefined) {
  const floors = new Map<string, Floor>();
  for (const [flow, writes] of counted) {
    const floor = await writeFloor(mongoUrl, isolatedNames(`floor_${flow}`).database, writes, ferretdb);
    floors.set(flow, floor);
    say(`${flow}: ${floorLine(floor, writes.units > 1 ? 'row' : 'op')}`);
  }
  return floors;
}

async function main() {
  const loadAtStart = load();
  say(`bench:flows: load average at start (1, 5, 15 min) ${loadAtStart} on ${os.cpus().length} cores`);
  const own = process.env.BENCH_FERRETDB === 'shared' ? undefined : await startOwnFerretDb((l) => say(`  ${l}`));
  try {
    const { infra, ferretdb } = await benchServers('bench_flows');
    say(own ? `FerretDB: the run's own, on ${infra.mongoUrl}` : "FerretDB: the checkout's, shared with other work");
    const idleAtStart = await idleStore(ferretdb);
    say(`FerretDB with none of this run's work going: ${idleAtStart}`);
    const { counted, readFloors, probeFor } = probes(infra.mongoUrl, ferretdb);
    const figures: FlowsFigures = await runBenches(probeFor);

    section('store floor: the counted documents written as tightly as the store allows');
    await benchServers('bench_flows');
    const idleBeforeFloor = await idleStore(ferretdb);
    say(`FerretDB with none of this run's work going: ${idleBeforeFloor}`);
    const floors = await writeFloors(infra.mongoUrl, counted, ferretdb);

    section('issue #39: the flows beside their store floor');
    const table = flowsTable(
      flowRows(figures, floors, readFloors),
      [
        ['load average at start (1, 5, 15 min)', loadAtStart],
        [
          own ? "FerretDB (the run's own) with none of its work going" : "FerretDB's CPU from other work",
          `${idleAtStart} at the start, ${idleBeforeFloor} before the floor`,
        ],
      ],
      [['load average at end (1, 5, 15 min)', load()]],
    );
    for (const line of table) say(line);
    failOnAnyRefusal(figures);
  } finally {
    await own?.stop();
  }
}

/** Issue #39: any answer not 2xx in any flow fails the run, after the table. */
function failOnAnyRefusal(figures: FlowsFigures): void {
  const { holds, orders, purchasing, feed, gateway } = figures;
  const all = new Refusals();
  for (const [name, f] of Object.entries({ holds, orders, purchasing, import: feed, gateway })) {
    if (f.refusals.count > 0) say(`${name}: ${f.refusals.count} answers not 2xx`);
    all.addAll(f.refusals);
  }
  failOnRefusals('bench:flows', all);
  if (feed.status !== 'COMPLETED') throw new Error(`bench:flows: the import job ended ${feed.status}`);
}

runScript(main);
