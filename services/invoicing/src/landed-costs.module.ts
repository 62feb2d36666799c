import type { ServiceContext } from '@stockyard/service-kit';
import type { Router } from 'express';
import { LandedCostCommands } from './commands/landed-cost-commands';
import type { Config } from './config';
import { landedCostsRoutes } from './http/landed-costs.routes';
import type { InvoicesGiven } from './invoices.module';
import type { InvoicePeers } from './peers';
import { landedCostModel, LandedCostRepository } from './store/landed-cost.repository';

/** Landed costs and their allocations over purchase-order lines (their own collection, no events). */
export function landedCostsModule(
  { connection }: ServiceContext<Config>,
  invoices: InvoicesGiven,
  peers: InvoicePeers,
) {
  const costs = new LandedCostCommands(new LandedCostRepository(landedCostModel(connection)), invoices.invoices, peers);
  const given = { costs };
  return { given, mount: (router: Router) => landedCostsRoutes(router, given) };
}
export type LandedCostsGiven = ReturnType<typeof landedCostsModule>['given'];
