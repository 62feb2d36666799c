import { HeadBucketCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { MAX_ATTACHMENT_BYTES } from '@stockyard/contracts';
import { s3Client } from '@stockyard/testkit';
import { CLOSED, startPurchasing, type Purchasing } from './support/purchasing';

const ORG = 'org_po_attach';
const PDF_BYTES = Buffer.from('%PDF-1.4\n% a tiny document\n%%EOF\n');

describe('purchase-order attachments in S3', () => {
  let h: Purchasing;
  let s3: S3Client;
  let poId: string;
  const base = () => `/purchase-orders/${poId}/attachments`;

  /** Asks for an upload URL and PUTs the bytes there, as a partner's client does; answers the key. */
  const upload = async (filename: string, contentType: string, bytes: Buffer) => {
    const query = `filename=${encodeURIComponent(filename)}&contentType=${encodeURIComponent(contentType)}`;
    const res = await h.request('POST', `${base()}/upload-url?${query}`);
    if (res.status !== 201) throw new Error(`upload-url: ${res.status} ${await res.text()}`);
    const put = await fetch(res.body.url, { method: 'PUT', headers: res.body.headers, body: bytes });
    if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    return res.body.key as string;
  };
  const record = (key: string, filename: string, contentType: string) =>
    h.request('POST', base(), { key, filename, contentType });
  const objectExists = async (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: h.config.S3_BUCKET, Key: key })).then(
      () => true,
      (err: unknown) => (err instanceof Error && err.name === 'NotFound' ? false : Promise.reject(err)),
    );
  const listed = async (query: string) =>
    (await h.request('GET', `/purchase-orders?${query}`)).body.data.map((p: { id: string }) => p.id);

  beforeAll(async () => {
    h = await startPurchasing(ORG);
    s3 = s3Client();
    poId = (await h.submittedOrder(4)).po.id;
  }, 60_000);
  afterAll(async () => {
    s3.destroy();
    await h.close();
  });

  it('creates its bucket at start', async () => {
    await expect(s3.send(new HeadBucketCommand({ Bucket: h.config.S3_BUCKET }))).resolves.toBeDefined();
  });

  it('answers a presigned PUT under the organization and order, valid 15 minutes', async () => {
    const before = Date.now();
    const res = await h.request(
      'POST',
      `${base()}/upload-url?filename=${encodeURIComponent('Fac tür #1.pdf')}&contentType=application/pdf`,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      maxBytes: MAX_ATTACHMENT_BYTES,
    });
    expect(res.body.key).toMatch(new RegExp(`^${ORG}/purchase-orders/${poId}/[0-9a-f]{24}-Fac_tur_1\\.pdf$`));
    expect(res.body.url).toContain(encodeURI(res.body.key).replace(/#/g, '%23'));
    expect(res.body.url).toContain('X-Amz-Expires=900');
    const lifetime = Date.parse(res.body.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(899_000);
    expect(lifetime).toBeLessThan(905_000);
  });

  it('records an upload with its size and kind, lists it, and the list filters find the order by kind', async () => {
    const key = await upload('invoice.pdf', 'application/pdf', PDF_BYTES);
    const res = await record(key, 'invoice.pdf', 'application/pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'pdf', key, filename: 'invoice.pdf', size: PDF_BYTES.length });
    expect((await h.request('GET', base())).body.data).toEqual([res.body]);
    expect(await listed('hasAttachment=true')).toEqual([poId]);
    expect(await listed('attachmentType=pdf')).toEqual([poId]);
    expect(await listed('attachmentType=image')).toEqual([]);

    const imageKey = await upload('receipt.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const image = await record(imageKey, 'receipt.jpg', 'image/jpeg');
    expect(image.body).toMatchObject({ kind: 'image', size: 4 });
    expect(await listed('attachmentType=image')).toEqual([poId]);
    expect((await h.request('GET', `/purchase-orders/${poId}`)).body.attachments).toHaveLength(2);
  });

  it('records the same key twice as one attachment', async () => {
    const key = await upload('again.pdf', 'application/pdf', PDF_BYTES);
    const first = await record(key, 'again.pdf', 'application/pdf');
    const second = await record(key, 'again.pdf', 'application/pdf');
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const all = (await h.request('GET', base())).body.data;
    expect(all.filter((a: { key: string }) => a.key === key)).toHaveLength(1);
    await h.request('DELETE', `${base()}/${first.body.id}`);
  });

  it('deletes the record and the object, and the filters follow', async () => {
    const { body: list } = await h.request('GET', base());
    for (const a of list.data) {
      expect(await objectExists(a.key)).toBe(true);
      const res = await h.request('DELETE', `${base()}/${a.id}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(a.id);
      expect(await objectExists(a.key)).toBe(false);
      if (a.kind === 'pdf') expect(await listed('attachmentType=pdf')).toEqual([]);
    }
    expect((await h.request('GET', base())).body.data).toEqual([]);
    expect(await listed('hasAttachment=true')).toEqual([]);
    expect(await listed('hasAttachment=false')).toContain(poId);
    const again = await h.request('DELETE', `${base()}/${list.data[0].id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('resource_not_found');
  });

  it('refuses a type neither image nor PDF with 422 unsupported_attachment_type at upload-url and record', async () => {
    const url = await h.request('POST', `${base()}/upload-url?filename=a.txt&contentType=text/plain`);
    expect(url.status).toBe(422);
    expect(url.body.error.code).toBe('unsupported_attachment_type');
    const key = await upload('fine.pdf', 'application/pdf', PDF_BYTES);
    const rec = await record(key, 'a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(rec.status).toBe(422);
    expect(rec.body.error.code).toBe('unsupported_attachment_type');
  });

  it('refuses a key that was never uploaded with 422 upload_not_found', async () => {
    const res = await record(`${ORG}/purchase-orders/${poId}/abc123-missing.pdf`, 'missing.pdf', 'application/pdf');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('upload_not_found');
  });

  it.each([
    ['another order', (id: string) => `${ORG}/purchase-orders/po_other/abc-x.pdf`.replace('po_other', `${id}x`)],
    ['another organization', (id: string) => `org_else/purchase-orders/${id}/abc-x.pdf`],
    ['a nested path', (id: string) => `${ORG}/purchase-orders/${id}/a/../b.pdf`],
  ])('refuses a key of %s with 422 attachment_key_invalid', async (_, keyOf) => {
    const res = await record(keyOf(poId), 'x.pdf', 'application/pdf');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('attachment_key_invalid');
  });

  it('refuses an upload over 25 MiB with 422 attachment_too_large and removes the object', async () => {
    const key = await upload('huge.pdf', 'application/pdf', Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 0x20));
    const res = await record(key, 'huge.pdf', 'application/pdf');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('attachment_too_large');
    expect(await objectExists(key)).toBe(false);
  });

  it("answers 404 for another organization's order, and refuses a trashed order with 409", async () => {
    const other = await h.request(
      'POST',
      `${base()}/upload-url?filename=a.pdf&contentType=application/pdf`,
      undefined,
      {
        orgId: 'org_po_attach_other',
      },
    );
    expect(other.status).toBe(404);
    expect((await h.request('GET', base(), undefined, { orgId: 'org_po_attach_other' })).status).toBe(404);
    const draft = await h.order({ channelId: await h.supplier(), type: 'DROPSHIP' });
    await h.request('DELETE', `/purchase-orders/${draft.id}`);
    const res = await h.request(
      'POST',
      `/purchase-orders/${draft.id}/attachments/upload-url?filename=a.pdf&contentType=application/pdf`,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('purchase_order_trashed');
  });

  it('refuses a missing filename or a malformed content type with 400', async () => {
    for (const query of ['contentType=application/pdf', 'filename=a.pdf&contentType=pdf', 'filename=a.pdf']) {
      const res = await h.request('POST', `${base()}/upload-url?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});

describe('purchase-order attachments with S3 down', () => {
  let h: Purchasing;
  beforeAll(async () => {
    h = await startPurchasing('org_po_attach_down', { env: { S3_URL: CLOSED } });
  }, 60_000);
  afterAll(() => h.close());

  it('answers 503 dependency_unavailable where S3 is needed, and the rest still works', async () => {
    const { po } = await h.submittedOrder(1);
    const url = await h.request(
      'POST',
      `/purchase-orders/${po.id}/attachments/upload-url?filename=a.pdf&contentType=application/pdf`,
    );
    expect(url.status).toBe(503);
    expect(url.body.error.code).toBe('dependency_unavailable');
    const key = `org_po_attach_down/purchase-orders/${po.id}/abc-a.pdf`;
    const rec = await h.request('POST', `/purchase-orders/${po.id}/attachments`, {
      key,
      filename: 'a.pdf',
      contentType: 'application/pdf',
    });
    expect(rec.status).toBe(503);
    expect(rec.body.error.code).toBe('dependency_unavailable');
    expect((await h.request('GET', `/purchase-orders/${po.id}/attachments`)).body).toEqual({ data: [] });
  });
});
