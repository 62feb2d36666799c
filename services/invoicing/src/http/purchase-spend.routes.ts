import { INVOICING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import type { PurchaseSpendCommands } from '../commands/purchase-spend-commands';

/** GET /reports/purchase-spend (issue #42). */
export function purchaseSpendRoutes(router: Router, spend: PurchaseSpendCommands): void {
  bindRoute(router, INVOICING_API.getPurchaseSpendReport, ({ orgId, query: { limit, offset, ...filters } }) =>
    spend.report(orgId, filters, { limit, offset }),
  );
}
