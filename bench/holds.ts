/**
 * `npm run bench:holds`: orders per second end to end through the gateway, 20 connections: each
 * order of 10 lines (by variantId) imported (`POST /orders`: its holds made and reserved in inventory
 * before the answer) then fulfilled (`POST /orders/{id}/fulfill`: every hold deducted as a SALE).
 * At the end the invariant is checked for every variant: inventory's reserved is the sum of open
 * holds' reserved, and on hand fell by exactly the committed quantities. Any answer not 2xx fails the
 * run (exit 1, with the count and the first of them). A script that prints figures, not a test; its
 * own isolated stack on this machine's servers. The measuring is in support/holds-bench.ts.
 */
import { runScript } from './machine';
import { benchHolds } from './support/holds-bench';
import { failOnRefusals } from './support/refusals';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

runScript(async () => failOnRefusals('bench:holds', (await benchHolds({ seconds: SECONDS })).refusals));
