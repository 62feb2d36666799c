import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { partnerApiDocument } from '@stockyard/contracts';
import { launchChromium } from './support/chromium';
import { startGateway, type TestGateway } from './support/gateway';

/** Where the page's screenshot is kept (gitignored): CI keeps it as an artifact. */
const ARTIFACTS = path.resolve(__dirname, '../../../.artifacts/docs');
const ORG_NAME = 'Docs Check Org 7f3a';

describe('the API reference: GET /openapi.json and /docs', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway();
    await gw.newOrg(ORG_NAME);
  });
  afterAll(() => gw?.close());

  it('serves the document made from the contracts, without a key', async () => {
    const res = await fetch(`${gw.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual(partnerApiDocument());
    expect(body).not.toContain(ORG_NAME);
  });

  it('serves the page and the renderer from this origin, without a key, under a CSP of its own', async () => {
    const page = await fetch(`${gw.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//); // no CDN: every script is served here
    const script = await fetch(`${gw.url}/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  describe('in headless Chromium', () => {
    let browser: Browser;
    let page: Page;
    const elsewhere: string[] = [];

    beforeAll(async () => {
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      page.on('response', (res) => {
        if (!res.url().startsWith(gw.url)) elsewhere.push(res.url());
      });
      await page.goto(`${gw.url}/docs`);
      await page.getByText('Stockyard partner API').first().waitFor({ timeout: 30_000 });
    }, 60_000);
    afterAll(() => browser?.close());

    it('renders the routes of every service, a route’s request and responses, the models, the events', async () => {
      const sidebar = await page.locator('body').innerText();
      for (const tag of ['purchasing', 'invoicing', 'orders', 'inventory', 'catalog', 'gateway', 'webhook events']) {
        expect(sidebar).toContain(tag);
      }
      await page.getByText('Open Group - webhook events').first().click();
      await page.getByText('purchase_order.created').first().waitFor({ timeout: 15_000 });

      await page.getByText('Open Group - purchasing').first().click();
      await page.getByText('Create purchase order').first().click();
      const operation = page.locator('section', { hasText: 'Needs the pos.write permission' }).first();
      await operation.waitFor({ timeout: 15_000 });
      const text = await operation.innerText();
      expect(text).toContain('Idempotency-Key');
      expect(text).toContain('channelId'); // the body's schema
      expect(text).toMatch(/201/);
      expect(text).toMatch(/bad_request/);

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'create-purchase-order.png') });

      await page.getByText('Open Group - Models').first().click();
      await page.getByText('ErrorBody').first().waitFor({ timeout: 15_000 });

      expect(await page.locator('body').innerText()).not.toContain(ORG_NAME);
      expect(elsewhere).toEqual([]); // nothing loaded from another origin
    }, 60_000);
  });
});
