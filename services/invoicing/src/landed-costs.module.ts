import type { ServiceContext, ServiceModule } from '@stockyard/service-kit';
import { LandedCostCommands } from './commands/landed-cost-commands';
import type { Config } from './config';
import type { InvoicesGiven, LandedCostsGiven } from './deps';
import { landedCostsRoutes } from './http/landed-costs.routes';
import type { InvoicePeers } from './peers';
import { landedCostModel, LandedCostRepository } from './store/landed-cost.repository';

/** Landed costs and their allocations over purchase-order lines (their own collection, no events). */
export function landedCostsModule(
  { connection }: ServiceContext<Config>,
  invoices: InvoicesGiven,
  peers: InvoicePeers,
): ServiceModule<LandedCostsGiven> {
  const costs = new LandedCostCommands(new LandedCostRepository(landedCostModel(connection)), invoices.invoices, peers);
  const given = { costs };
  return { given, api: (router) => landedCostsRoutes(router, given) };
}
