import { eventually, startService, type HarnessOptions } from '@stockyard/testkit';
import { catalog } from '../../src/app';

const ALL = ['products.read', 'products.write', 'variants.read', 'variants.write'];

/** The catalog service on the one harness, with the setup steps its tests share. */
export async function startCatalog(orgId: string, options: HarnessOptions = {}) {
  const h = await startService(catalog, {
    orgId,
    permissions: ALL,
    tap: ['product.#', 'variant.#', 'bundle.#'],
    ...options,
  });
  const created = async (path: string, body: unknown) => {
    const res = await h.request('POST', path, body);
    if (res.status !== 201) throw new Error(`POST ${path} failed: ${res.status} ${await res.text()}`);
    return res.body;
  };
  return Object.assign(h, {
    internal: (path: string, body: unknown) => h.request('POST', path, body, { base: '/internal/v1' }),
    /** Creates a product (SIMPLE unless `type` says otherwise) and answers its body. */
    product: (body: Record<string, unknown>) => created('/products', { name: 'Widget', ...body }),
    brand: (name: string) => created('/brands', { name }),
    category: (body: Record<string, unknown>) => created('/categories', body),
    /** The id of a product's default variant. */
    variantOf: (product: { variants: { id: string }[] }) => product.variants[0]!.id,
  });
}
export type Catalog = Awaited<ReturnType<typeof startCatalog>>;

/** The first tapped event of that name whose payload has these fields (waits for it). */
export const eventOf = (c: Catalog, name: string, fields: Record<string, unknown>) =>
  eventually(() =>
    c.events.find((e) => e.name === name && Object.entries(fields).every(([k, v]) => e.payload[k] === v)),
  );
