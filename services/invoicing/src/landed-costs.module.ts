import type { OutboxRelay, ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { LandedCostCommands } from './commands/landed-cost-commands';
import { PurchaseSpendCommands } from './commands/purchase-spend-commands';
import type { Config } from './config';
import type { InvoicesGiven, LandedCostsGiven } from './deps';
import { exportRowsRoutes } from './http/export-rows.routes';
import { landedCostsRoutes } from './http/landed-costs.routes';
import { purchaseSpendRoutes } from './http/purchase-spend.routes';
import type { InvoicePeers } from './peers';
import { landedCostModel, LandedCostReads, landedCostStore } from './store/landed-cost.repository';

/**
 * Landed costs and their allocations over purchase-order lines (their own collection; each write's
 * `landed_cost.applied` when it moved a line's amount, and its audit record, through the service's relay).
 */
export function landedCostsModule(
  { connection }: ServiceContext<Config>,
  relay: OutboxRelay,
  invoices: InvoicesGiven,
  peers: InvoicePeers,
): ServiceModule<LandedCostsGiven> {
  const model = landedCostModel(connection);
  const store = landedCostStore(model, relay);
  const reads = new LandedCostReads(model, store);
  const costs = new LandedCostCommands(store, reads, invoices.invoices, peers);
  const given = { costs, reads };
  // The purchase-spend report adds up invoices and landed costs (this module is built with the invoices' reads).
  const spend = new PurchaseSpendCommands(invoices.invoices, reads, peers.receipts, peers.catalog);
  return {
    given,
    api: (router) => {
      landedCostsRoutes(router, given);
      purchaseSpendRoutes(router, spend);
    },
    // The service's one export route reads invoices too (this module is built with their reads).
    internal: (router) => exportRowsRoutes(router, invoices, given),
  };
}
