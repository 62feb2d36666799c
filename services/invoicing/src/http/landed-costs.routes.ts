import { INVOICING_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { Router } from 'express';
import { landedCostView } from '../domain/landed-cost-view';
import type { LandedCostsGiven } from '../deps';

/** Landed costs of purchase orders: add, list, the summary, read, edit, delete, allocate, set by hand. */
export function landedCostsRoutes(router: Router, { costs }: LandedCostsGiven): void {
  const api = INVOICING_API;
  bindRoute(router, api.createLandedCost, async ({ orgId, params, body }) =>
    landedCostView(await costs.create(orgId, params.poId, body)),
  );
  bindRoute(router, api.listLandedCosts, async ({ orgId, params }) =>
    (await costs.list(orgId, params.poId)).map(landedCostView),
  );
  bindRoute(router, api.landedCostSummary, ({ orgId, params }) => costs.summary(orgId, params.poId));
  bindRoute(router, api.getLandedCost, async ({ orgId, params }) => landedCostView(await costs.get(orgId, params.id)));
  bindRoute(router, api.updateLandedCost, async ({ orgId, params, body }) =>
    landedCostView(await costs.update(orgId, params.id, body)),
  );
  bindRoute(router, api.deleteLandedCost, async ({ orgId, params }) =>
    landedCostView(await costs.remove(orgId, params.id)),
  );
  bindRoute(router, api.allocateLandedCost, async ({ orgId, params }) =>
    landedCostView(await costs.allocate(orgId, params.id)),
  );
  bindRoute(router, api.setManualAllocations, async ({ orgId, params, body }) =>
    landedCostView(await costs.setManual(orgId, params.id, body)),
  );
}
