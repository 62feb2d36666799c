import type { Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import { sourceView } from '../domain/source';
import { sourceSkuView } from '../domain/source-sku';
import type { SourcesAndImportsGiven } from '../deps';

/** Source channels (suppliers) and their SKUs. */
export function sourcesRoutes(router: Router, { sources, sourceSkus }: SourcesAndImportsGiven): void {
  bindRoute(router, CATALOG_API.listSources, async ({ orgId, query: { filter, page } }) => {
    const list = await sources.list(orgId, filter.includeDeleted, page);
    return { ...list, data: list.data.map(sourceView) };
  });
  bindRoute(router, CATALOG_API.createSource, async ({ orgId, body }) => sourceView(await sources.create(orgId, body)));
  bindRoute(router, CATALOG_API.getSource, async ({ orgId, params }) =>
    sourceView(await sources.get(orgId, params.id)),
  );
  bindRoute(router, CATALOG_API.updateSource, async ({ orgId, params, body }) =>
    sourceView(await sources.update(orgId, params.id, body)),
  );
  bindRoute(router, CATALOG_API.deleteSource, ({ orgId, params }) => sources.delete(orgId, params.id));

  bindRoute(router, CATALOG_API.listSourceSkus, async ({ orgId, params, query: { filter, page } }) => {
    const list = await sourceSkus.list(orgId, params.id, filter, page);
    return { ...list, data: list.data.map(sourceSkuView) };
  });
  bindRoute(router, CATALOG_API.upsertSourceSkus, async ({ orgId, params, body }) => {
    const result = await sourceSkus.upsert(orgId, params.id, body.skus);
    return { ...result, data: result.data.map(sourceSkuView) };
  });
  bindRoute(router, CATALOG_API.updateSourceSku, async ({ orgId, params, body }) =>
    sourceSkuView(await sourceSkus.update(orgId, params.id, params.skuId, body)),
  );
  bindRoute(router, CATALOG_API.deleteSourceSku, ({ orgId, params }) =>
    sourceSkus.delete(orgId, params.id, params.skuId),
  );
}
