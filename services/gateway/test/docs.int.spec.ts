import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { partnerApiDocument, PUBLIC_ROUTES } from '@stockyard/contracts';
import { launchChromium, onFirstScreen } from './support/chromium';
import { startGateway, type TestGateway } from './support/gateway';

/** Where the page's screenshots are kept (gitignored): CI keeps them as artifacts. */
const ARTIFACTS = path.resolve(__dirname, '../../../.artifacts/docs');
const ORG_NAME = 'Docs Check Org 7f3a';
/**
 * How long the first operation may take to show: about 3 s of the page's CPU, which other work on a
 * shared machine stretches to 11-23 s of wall clock (so waited on here, not measured).
 */
const FIRST_OPERATION_WAIT_MS = 45_000;

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

  it('answers each public page of the contracts at its path, its content type and caching, keyless', async () => {
    for (const route of Object.values(PUBLIC_ROUTES)) {
      const res = await fetch(`${gw.url}${route.path}`);
      expect([route.path, res.status, res.headers.get('content-type')]).toEqual([route.path, 200, route.contentType]);
      expect(res.headers.get('cache-control')).toBe('cacheControl' in route ? route.cacheControl : null);
    }
  });

  it('serves the page and the renderer from this origin, without a key, under a CSP of its own', async () => {
    const page = await fetch(`${gw.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//); // no CDN: every script is served here
    const init = await (await fetch(`${gw.url}/docs/init.js`)).text();
    expect(init).toContain("from '/docs/scalar/standalone.esm.js'");
    expect(init).not.toMatch(/https?:\/\//);
    const script = await fetch(`${gw.url}/docs/scalar/standalone.esm.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    expect((await fetch(`${gw.url}/docs/scalar/standalone.esm.js.map`)).status).toBe(404); // the scripts only
  });

  describe('in headless Chromium, every request to another origin refused', () => {
    let browser: Browser;
    let page: Page;
    /** Requests to another origin, each refused by the routing below. */
    const elsewhere: string[] = [];
    /** The console's errors: a load the page's CSP refused (a font from a CDN) is one. */
    const errors: string[] = [];

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      browser = await launchChromium();
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      await context.route('**/*', (route) => {
        if (new URL(route.request().url()).origin === gw.url) return route.continue();
        elsewhere.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
    });
    afterAll(() => browser?.close());

    it('opens at the first operation: its title and its example request and answer on the first screen', async () => {
      await page.goto(`${gw.url}/docs`);

      const title = page.getByRole('heading', { name: 'List event names', exact: true });
      const operation = page.locator('section', { has: title });
      await onFirstScreen(title, FIRST_OPERATION_WAIT_MS);
      await onFirstScreen(operation.getByText(`curl ${gw.url}/api/v1/webhooks/events`), 5_000);
      await onFirstScreen(operation.getByText('"order.created"'), 5_000); // the 200 answer's example
      expect(page.url()).toBe(`${gw.url}/docs#tag/webhooks/GET/webhooks/events`);

      await page.screenshot({ path: path.join(ARTIFACTS, 'first-screen.png') });
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
    }, 90_000);

    it('offers nothing that leads off the gateway: no Ask AI, SDK or MCP generation, developer tools', async () => {
      const search = page.getByRole('button', { name: /Search/ }).first(); // the sidebar's header has rendered
      await search.waitFor({ timeout: 15_000 });
      const body = await page.locator('body').innerText();
      for (const feature of ['Ask AI', 'Generate SDK', 'MCP', 'Explore Scalar', 'Developer Tools']) {
        expect(body).not.toContain(feature);
      }
    });

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

      await page.screenshot({ path: path.join(ARTIFACTS, 'create-purchase-order.png') });

      await page.getByText('Open Group - Models').first().click();
      await page.getByText('ErrorBody').first().waitFor({ timeout: 15_000 });

      expect(await page.locator('body').innerText()).not.toContain(ORG_NAME);
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
    }, 60_000);
  });
});
