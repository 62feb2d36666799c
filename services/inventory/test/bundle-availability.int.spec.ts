import { newEvent } from '@stockyard/service-kit';
import { eventually } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

const ORG = 'org_bundles';

describe('bundle availability from bundle.components_changed and component stock', () => {
  let inv: Inventory;
  let wh: string;
  let at = Date.now();
  beforeAll(async () => {
    inv = await startInventory(ORG);
    // The catalog variants this file creates stock for.
    await inv.variants('var_cup', 'var_inner', 'var_leaf', 'var_outer', 'var_saucer', 'var_set', 'var_x', 'var_xx');
    wh = await inv.warehouse('Bundles');
  });
  afterAll(() => inv.close());

  /** What the catalog publishes for a bundle (tests stand in for it). */
  const bundle = (productId: string, variantIds: string[], components: { variantId: string; quantity: number }[]) =>
    inv.publish(
      newEvent('bundle.components_changed', {
        orgId: ORG,
        productId,
        variantIds,
        components,
        updatedAt: new Date(++at).toISOString(),
      }),
    );
  const changeOf = (variantId: string, newAvailable: number) =>
    eventually(() =>
      inv.events.find(
        (e) =>
          e.name === 'inventory.availability_changed' &&
          e.payload.variantId === variantId &&
          e.payload.newAvailable === newAvailable,
      ),
    );
  const onHandRow = async (variantId: string) =>
    (await inv.internal('/stock/on-hand', { variantIds: [variantId] })).body.data[0];

  it("fires inventory.availability_changed for the bundle's variant when a component moves the number", async () => {
    await inv.adjust('var_cup', wh, 10);
    await inv.adjust('var_saucer', wh, 3);
    await bundle(
      'prd_set',
      ['var_set'],
      [
        { variantId: 'var_cup', quantity: 2 },
        { variantId: 'var_saucer', quantity: 1 },
      ],
    );
    expect((await changeOf('var_set', 3)).payload.oldAvailable).toBe(0);
    await inv.adjust('var_saucer', wh, 5); // saucers 8: cups limit to 5
    expect((await changeOf('var_set', 5)).payload.oldAvailable).toBe(3);
    expect(
      await eventually(async () => ((await onHandRow('var_set')).available === 5 ? onHandRow('var_set') : undefined)),
    ).toEqual({ variantId: 'var_set', onHand: 0, reserved: 0, available: 5, bundle: true });
  });

  it('does not fire when a component change leaves the number where it was', async () => {
    await inv.adjust('var_x', wh, 4);
    await bundle('prd_xx', ['var_xx'], [{ variantId: 'var_x', quantity: 4 }]);
    await changeOf('var_xx', 1);
    await inv.adjust('var_x', wh, 1); // 5 / 4 is still 1
    await changeOf('var_x', 5);
    await new Promise((r) => setTimeout(r, 500));
    expect(inv.events.filter((e) => e.payload.variantId === 'var_xx')).toHaveLength(1);
  });

  it('follows nested bundles: the outer bundle moves with the inner one’s component', async () => {
    await inv.adjust('var_leaf', wh, 12);
    await bundle('prd_inner', ['var_inner'], [{ variantId: 'var_leaf', quantity: 3 }]);
    await bundle('prd_outer', ['var_outer'], [{ variantId: 'var_inner', quantity: 2 }]);
    await changeOf('var_inner', 4);
    await changeOf('var_outer', 2);
    await inv.adjust('var_leaf', wh, -6); // 6 leaves: inner 2, outer 1
    await changeOf('var_outer', 1);
    // the inner bundle takes a bigger share: the outer follows its new rows
    await bundle('prd_inner', ['var_inner'], [{ variantId: 'var_leaf', quantity: 6 }]);
    await changeOf('var_outer', 0);
  });
});
