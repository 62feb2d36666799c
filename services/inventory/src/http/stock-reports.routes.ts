import type { Router } from 'express';
import { INVENTORY_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { ReportsGiven } from '../deps';

export function stockReportsRoutes(router: Router, { reports, cogs, suggestions }: ReportsGiven): void {
  bindRoute(router, INVENTORY_API.getStockValuation, ({ orgId, query: { limit, offset, ...filters } }) =>
    reports.valuation(orgId, filters, { limit, offset }),
  );
  bindRoute(router, INVENTORY_API.getStockAsOf, ({ orgId, params, query }) =>
    reports.variantAsOf(orgId, params.variantId, query),
  );
  bindRoute(router, INVENTORY_API.getInventoryAging, ({ orgId, query }) => reports.aging(orgId, query));
  bindRoute(router, INVENTORY_API.getCogsReport, ({ orgId, query: { limit, offset, ...filters } }) =>
    cogs.report(orgId, filters, { limit, offset }),
  );
  bindRoute(router, INVENTORY_API.getReorderSuggestions, ({ orgId, query: { limit, offset, ...filters } }) =>
    suggestions.report(orgId, filters, { limit, offset }),
  );
}
