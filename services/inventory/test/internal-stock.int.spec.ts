import { json } from '@stockyard/testkit';
import { startInventory, type Inventory } from './support/inventory';

describe('internal API: reserve, release, receive, deduct', () => {
  let inv: Inventory;
  let wh: string;
  let bin: string;
  beforeAll(async () => {
    inv = await startInventory('org_internal');
    // The catalog variants this file creates stock for.
    await inv.variants('var_i1', 'var_i2', 'var_i3');
    wh = await inv.warehouse('Internal');
    bin = await inv.bin(wh, 'I-1');
  });
  afterAll(() => inv.close());

  const call = async (path: string, body: Record<string, unknown>) => {
    const res = await inv.internal(path, { warehouseId: wh, ...body });
    return { status: res.status, body: await json(res) };
  };

  it('receives into the primary bin as a RECEIPT, once per operation key', async () => {
    await inv.request('POST', '/stock/primary-bin', { variantId: 'var_i1', warehouseId: wh, binId: bin });
    const first = await call('/stock/receive', {
      operationKey: 'po_1:line_1:rcpt_1',
      variantId: 'var_i1',
      quantity: 10,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ replayed: false, onHand: 10, reserved: 0, available: 10 });
    expect(first.body.movements).toEqual([
      expect.objectContaining({ type: 'RECEIPT', binId: bin, quantity: 10, reference: 'po_1:line_1:rcpt_1' }),
    ]);
    const again = await call('/stock/receive', {
      operationKey: 'po_1:line_1:rcpt_1',
      variantId: 'var_i1',
      quantity: 10,
    });
    expect(again.body).toMatchObject({ replayed: true, onHand: 10, movements: [] });
    expect(
      await inv.connection.collection('stock_movements').countDocuments({ variantId: 'var_i1', type: 'RECEIPT' }),
    ).toBe(1);
  });

  it('reserves and releases per warehouse, changing available but not on hand', async () => {
    const held = await call('/stock/reserve', { operationKey: 'ord_1:hold', variantId: 'var_i1', quantity: 4 });
    expect(held.body).toMatchObject({ onHand: 10, reserved: 4, available: 6, replayed: false });
    expect(
      (await call('/stock/reserve', { operationKey: 'ord_1:hold', variantId: 'var_i1', quantity: 4 })).body,
    ).toMatchObject({ reserved: 4, replayed: true });
    const breakdown = await json(await inv.request('GET', '/stock/variant/var_i1/breakdown'));
    expect(breakdown[0]).toMatchObject({ onHand: 10, reserved: 4, available: 6 });
    const released = await call('/stock/release', { operationKey: 'ord_1:release', variantId: 'var_i1', quantity: 1 });
    expect(released.body).toMatchObject({ reserved: 3, available: 7 });
  });

  it('422 insufficient_available: hold above available; 422 insufficient_reserved: release above hold', async () => {
    const over = await call('/stock/reserve', { operationKey: 'ord_2:hold', variantId: 'var_i1', quantity: 8 });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('insufficient_available');
    const release = await call('/stock/release', { operationKey: 'ord_2:release', variantId: 'var_i1', quantity: 99 });
    expect(release.status).toBe(422);
    expect(release.body.error.code).toBe('insufficient_reserved');
  });

  it('deducts a SALE from the resolved location, consuming the hold, once per key', async () => {
    const sale = await call('/stock/deduct', { operationKey: 'ord_1:fulfil', variantId: 'var_i1', quantity: 3 });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ onHand: 7, reserved: 0, available: 7 });
    expect(sale.body.movements).toEqual([
      expect.objectContaining({ type: 'SALE', binId: bin, quantity: -3, onHandAfter: 7 }),
    ]);
    const again = await call('/stock/deduct', { operationKey: 'ord_1:fulfil', variantId: 'var_i1', quantity: 3 });
    expect(again.body).toMatchObject({ replayed: true, onHand: 7 });
  });

  it('applies one key once under concurrent retries', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('/stock/receive', { operationKey: 'po_9:once', variantId: 'var_i2', quantity: 5 }),
      ),
    );
    expect(results.filter((r) => r.body.replayed === false)).toHaveLength(1);
    expect((await inv.level('var_i2'))?.locations[0].onHand).toBe(5);
  });

  it('remembers keys beyond the level document window', async () => {
    await inv.connection
      .collection('stock_levels')
      .updateOne({ orgId: 'org_internal', variantId: 'var_i2' }, { $set: { operations: [] } });
    const late = await call('/stock/receive', { operationKey: 'po_9:once', variantId: 'var_i2', quantity: 5 });
    expect(late.body).toMatchObject({ replayed: true, onHand: 5 });
  });

  it('refuses a key reused for another operation or variant with 409 operation_key_reused', async () => {
    const deduct = await call('/stock/deduct', {
      operationKey: 'po_9:once',
      variantId: 'var_i2',
      quantity: 1,
      fromReserved: false,
    });
    expect(deduct.status).toBe(409);
    expect(deduct.body.error.code).toBe('operation_key_reused');
    const other = await call('/stock/receive', { operationKey: 'po_9:once', variantId: 'var_i1', quantity: 5 });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('operation_key_reused');
    expect((await inv.level('var_i2'))?.locations[0].onHand).toBe(5);
  });

  it('replays a receipt sent again with the same body, and refuses its key with another quantity (409)', async () => {
    const receipt = { operationKey: 'po_7:line_1:rcpt_1', variantId: 'var_i3', quantity: 4, binId: bin };
    const first = await call('/stock/receive', receipt);
    expect(first.body).toMatchObject({ replayed: false, onHand: 4 });
    const again = await call('/stock/receive', receipt);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ replayed: true, onHand: 4, movements: [] });

    const more = await call('/stock/receive', { ...receipt, quantity: 6 });
    expect(more.status).toBe(409);
    expect(more.body.error).toMatchObject({
      code: 'operation_key_reused',
      details: [{ field: 'quantity', code: 'operation_key_reused', message: 'was 4' }],
    });
    expect((await inv.level('var_i3'))?.locations).toEqual([expect.objectContaining({ binId: bin, onHand: 4 })]);
  });

  it('refuses the same key with another warehouse or bin (409), the reason being free to change', async () => {
    const other = await inv.warehouse('Internal B');
    const receipt = { operationKey: 'po_7:line_2:rcpt_1', variantId: 'var_i3', quantity: 1 };
    expect((await call('/stock/receive', receipt)).body.replayed).toBe(false);
    for (const changed of [{ warehouseId: other }, { binId: bin }, { binId: null }]) {
      const res = await call('/stock/receive', { ...receipt, ...changed });
      expect({ changed, status: res.status, code: res.body.error?.code }).toEqual({
        changed,
        status: 409,
        code: 'operation_key_reused',
      });
    }
    expect((await call('/stock/receive', { ...receipt, reason: 'Re-sent' })).body.replayed).toBe(true);
    expect((await inv.level('var_i3'))?.locations.reduce((s: number, l: { onHand: number }) => s + l.onHand, 0)).toBe(
      5,
    );
  });

  it('refuses another quantity from the level document alone (a crash before its record)', async () => {
    const receipt = { operationKey: 'po_7:line_3:rcpt_1', variantId: 'var_i3', quantity: 2 };
    expect((await call('/stock/receive', receipt)).body.replayed).toBe(false);
    await inv.connection
      .collection('stock_operations')
      .deleteOne({ _id: `org_internal:${receipt.operationKey}` } as never);
    const more = await call('/stock/receive', { ...receipt, quantity: 3 });
    expect(more.status).toBe(409);
    expect(more.body.error.code).toBe('operation_key_reused');
    expect((await call('/stock/receive', receipt)).body).toMatchObject({ replayed: true, onHand: 7 });
  });

  it('takes a key kept before its parameters were (an old record, an old window entry) as a replay', async () => {
    const key = 'po_old:line_1:rcpt_1';
    await inv.connection.collection('stock_operations').insertOne({
      _id: `org_internal:${key}`,
      orgId: 'org_internal',
      key,
      kind: 'receive',
      variantId: 'var_i3',
      at: new Date(),
    } as never);
    expect((await call('/stock/receive', { operationKey: key, variantId: 'var_i3', quantity: 99 })).body).toMatchObject(
      { replayed: true, onHand: 7, movements: [] },
    );
    const deduct = await call('/stock/deduct', { operationKey: key, variantId: 'var_i3', quantity: 1 });
    expect(deduct.status).toBe(409);
    expect(deduct.body.error.details).toEqual([
      { field: 'kind', code: 'operation_key_reused', message: 'was "receive"' },
    ]);

    const windowOnly = 'po_old:line_2:rcpt_1';
    // The version moves as a write's would, so the service reads the level again instead of its remembered one.
    await inv.connection.collection('stock_levels').updateOne({ orgId: 'org_internal', variantId: 'var_i3' }, {
      $push: { operations: { key: windowOnly, at: new Date() } },
      $inc: { version: 1 },
    } as never);
    expect(
      (await call('/stock/receive', { operationKey: windowOnly, variantId: 'var_i3', quantity: 50 })).body,
    ).toMatchObject({ replayed: true, onHand: 7 });
  });

  it('refuses a SALE above the source location with 422 insufficient_stock, and a missing key with 400', async () => {
    const res = await call('/stock/deduct', {
      operationKey: 'ord_3:fulfil',
      variantId: 'var_i2',
      quantity: 6,
      fromReserved: false,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('insufficient_stock');
    expect((await call('/stock/receive', { variantId: 'var_i2', quantity: 1 })).status).toBe(400);
  });

  it('is not served under /api/v1', async () => {
    const res = await inv.request('POST', '/stock/receive', {
      operationKey: 'x',
      variantId: 'v',
      warehouseId: wh,
      quantity: 1,
    });
    expect(res.status).toBe(404);
  });
});
