import type { Router } from 'express';
import { INVENTORY_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import type { SettingsGiven } from '../deps';

export function inventorySettingsRoutes(router: Router, { settings }: SettingsGiven): void {
  bindRoute(router, INVENTORY_API.getInventorySettings, ({ orgId }) => settings.get(orgId));
  bindRoute(router, INVENTORY_API.updateInventorySettings, ({ orgId, body }) => settings.update(orgId, body));
}
