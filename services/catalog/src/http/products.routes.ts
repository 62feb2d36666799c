import type { Router } from 'express';
import {
  BulkDeleteSchema,
  BulkRestoreSchema,
  ChildrenOrderSchema,
  ConvertProductSchema,
  CreateProductSchema,
  DuplicateProductSchema,
  LinkChildrenSchema,
  PageQuerySchema,
  PreflightQuerySchema,
  ProductListQuerySchema,
  UpdateProductSchema,
  VariantParentSchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import type { CatalogDeps } from '../deps';

/** Products: the list, the trash, one product's reads and writes. Literal paths before `/products/:id`. */
export function productsRoutes(router: Router, deps: CatalogDeps): void {
  const { products, productQueries, families, reports, conversions, bulk } = deps;
  router.get('/products', async (req, res) => {
    const orgId = orgIdOf(req);
    res.json(await products.list(orgId, queryOf(req, ProductListQuerySchema), queryOf(req, PageQuerySchema)));
  });
  router.post('/products', async (req, res) => {
    res.status(201).json(await products.create(orgIdOf(req), bodyOf(req, CreateProductSchema)));
  });
  router.get('/products/trash', async (req, res) => {
    res.json(await productQueries.trash(orgIdOf(req), queryOf(req, PageQuerySchema)));
  });
  router.get('/products/data-health', async (req, res) => {
    res.json(await reports.dataHealth(orgIdOf(req)));
  });
  router.post('/products/bulk-restore', async (req, res) => {
    res.json(await bulk.restore(orgIdOf(req), bodyOf(req, BulkRestoreSchema)));
  });
  router.delete('/products/bulk', async (req, res) => {
    res.json(await bulk.delete(orgIdOf(req), bodyOf(req, BulkDeleteSchema)));
  });
  router.post('/products/variant-parent', async (req, res) => {
    res.status(201).json(await families.variantParent(orgIdOf(req), bodyOf(req, VariantParentSchema)));
  });
  router.get('/products/:id', async (req, res) => {
    res.json(await products.get(orgIdOf(req), req.params.id));
  });
  router.put('/products/:id', async (req, res) => {
    res.json(await products.update(orgIdOf(req), req.params.id, bodyOf(req, UpdateProductSchema)));
  });
  router.delete('/products/:id', async (req, res) => {
    await products.trash(orgIdOf(req), req.params.id);
    res.status(204).end();
  });
  router.post('/products/:id/restore', async (req, res) => {
    res.status(201).json(await products.restore(orgIdOf(req), req.params.id));
  });
  router.post('/products/:id/archive', async (req, res) => {
    res.status(201).json(await products.archive(orgIdOf(req), req.params.id, true));
  });
  router.post('/products/:id/unarchive', async (req, res) => {
    res.status(201).json(await products.archive(orgIdOf(req), req.params.id, false));
  });
  router.post('/products/:id/duplicate', async (req, res) => {
    res.status(201).json(await products.duplicate(orgIdOf(req), req.params.id, bodyOf(req, DuplicateProductSchema)));
  });
  router.post('/products/:id/children', async (req, res) => {
    const { childIds } = bodyOf(req, LinkChildrenSchema);
    res.status(201).json(await families.link(orgIdOf(req), req.params.id, childIds));
  });
  router.delete('/products/:id/children/:childId', async (req, res) => {
    res.json(await families.unlink(orgIdOf(req), req.params.id, req.params.childId));
  });
  router.put('/products/:id/children/order', async (req, res) => {
    const { orderedChildIds } = bodyOf(req, ChildrenOrderSchema);
    res.json(await families.order(orgIdOf(req), req.params.id, orderedChildIds));
  });
  router.get('/products/:id/where-used', async (req, res) => {
    res.json(await reports.whereUsed(orgIdOf(req), req.params.id, queryOf(req, PageQuerySchema)));
  });
  router.get('/products/:id/template-status', async (req, res) => {
    res.json(await reports.templateStatus(orgIdOf(req), req.params.id));
  });
  router.get('/products/:id/convert/preflight', async (req, res) => {
    const { targetType } = queryOf(req, PreflightQuerySchema);
    res.json(await conversions.preflight(orgIdOf(req), req.params.id, targetType));
  });
  router.post('/products/:id/convert', async (req, res) => {
    res.status(201).json(await conversions.convert(orgIdOf(req), req.params.id, bodyOf(req, ConvertProductSchema)));
  });
}
