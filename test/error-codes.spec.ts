import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOG_UNLISTED_ERRORS,
  GATEWAY_UNLISTED_ERRORS,
  INVENTORY_UNLISTED_ERRORS,
  INVOICING_UNLISTED_ERRORS,
  ORDERS_UNLISTED_ERRORS,
  PURCHASING_UNLISTED_ERRORS,
  ROUTES,
  schemasOf,
  WEBHOOKS_UNLISTED_ERRORS,
  type ErrorCatalog,
  type ServiceName,
} from '@stockyard/contracts';
import { errorCodesOf } from '@stockyard/contracts/src/openapi/errors-doc';
import { filesUnder, handMadeErrors, thrownCodes } from './support/thrown-codes';

/**
 * Issue #27: the codes the OpenAPI document lists per route (`errors` on the route's schemas in
 * packages/contracts/src/api/*.api.ts, and the generic ones) are the codes the services make.
 * Read from the source (test/support/thrown-codes.ts: every `AppError`, the kit's helpers, state
 * tables, `callPeer`, URL rules) and from the codes each service's tests assert. What it covers:
 * a service that makes a code none of its partner routes lists fails; a route listing a code its
 * service never makes fails; a listed code whose status differs from the one the source gives
 * fails. Which route answers a code is not proven here (a code listed on the wrong route of the
 * right service passes), nor is a code built at run time from a variable.
 */
const SERVICES: ServiceName[] = ['gateway', 'catalog', 'purchasing', 'invoicing', 'orders', 'inventory', 'webhooks'];
const root = join(__dirname, '..');
const KIT = join(root, 'packages/service-kit/src');

/** Codes a service makes that no partner route answers as `error.code`: its unlisted catalogue's. */
const NOT_ON_PARTNER_ROUTES: Record<ServiceName, ErrorCatalog> = {
  gateway: GATEWAY_UNLISTED_ERRORS,
  catalog: CATALOG_UNLISTED_ERRORS,
  purchasing: PURCHASING_UNLISTED_ERRORS,
  invoicing: INVOICING_UNLISTED_ERRORS,
  orders: ORDERS_UNLISTED_ERRORS,
  inventory: INVENTORY_UNLISTED_ERRORS,
  webhooks: WEBHOOKS_UNLISTED_ERRORS,
};

/** Codes the kit makes in every service that no request through the gateway gets, and why. */
const KIT_NOT_ON_PARTNER_ROUTES: Record<string, string> = {
  unauthenticated: 'a request that reaches a service without the gateway’s signed identity',
};

/** Codes the kit makes for any service (its store, its peers, its request checks). */
const kitCodes = new Set(thrownCodes(KIT, { takers: true }).map((t) => t.code));

const routesOf = (service: ServiceName) => ROUTES.filter((r) => r.service === service && schemasOf(r));
const answered = (service: ServiceName) =>
  routesOf(service).flatMap((r) =>
    errorCodesOf(r, schemasOf(r)).map((c) => ({ ...c, route: `${r.method} ${r.path}` })),
  );
const declared = (service: ServiceName) => routesOf(service).flatMap((r) => schemasOf(r)!.errors ?? []);

/** Codes a service's tests expect in an error body: `error.code).toBe('x')`, `error: { code: 'x'`. */
function assertedCodes(service: ServiceName): string[] {
  const pattern = /error\.code\)\.toBe\('([a-z_]+)'\)|error: (?:expect\.objectContaining\()?\{ code: '([a-z_]+)'/g;
  const files = filesUnder(join(root, 'services', service, 'test'));
  const codes = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(pattern)].map((m) => (m[1] ?? m[2])!));
  return [...new Set(codes)];
}

describe.each(SERVICES)('the error codes of %s', (service) => {
  const thrown = thrownCodes(join(root, 'services', service, 'src'));
  const listed = new Set(answered(service).map((c) => c.code));
  const excused = NOT_ON_PARTNER_ROUTES[service];
  const kitExcused = (code: string) => KIT_NOT_ON_PARTNER_ROUTES[code] !== undefined;

  it('lists on one of its partner routes every code its source makes, or says why none answers it', () => {
    const missing = [...new Set(thrown.map((t) => t.code))].filter((code) => !listed.has(code) && !excused[code]);
    expect(missing).toEqual([]);
    // An excuse for a code that is listed, or that the source no longer makes, goes.
    const made = new Set(thrown.map((t) => t.code));
    expect(Object.keys(excused).filter((code) => listed.has(code) || !made.has(code))).toEqual([]);
  });

  it('makes its errors from its catalogues (`errors.over_receipt(...)`), none by hand', () => {
    expect(handMadeErrors(join(root, 'services', service, 'src'))).toEqual([]);
  });

  it('lists only codes its source or the kit makes', () => {
    const made = new Set([...thrown.map((t) => t.code), ...kitCodes]);
    expect([...new Set(declared(service).map((c) => c.code))].filter((code) => !made.has(code))).toEqual([]);
  });

  it('gives each listed code the status its source gives it', () => {
    const typed = new Map(thrown.filter((t) => t.type).map((t) => [t.code, t.type]));
    const wrong = declared(service).filter((c) => typed.has(c.code) && typed.get(c.code) !== c.type);
    expect(wrong.map((c) => `${c.code}: listed ${c.type}, made ${typed.get(c.code)}`)).toEqual([]);
  });

  it('lists every code its tests expect in an error body, or says why no partner route answers it', () => {
    const asserted = assertedCodes(service);
    expect(asserted.filter((code) => !listed.has(code) && !excused[code] && !kitExcused(code))).toEqual([]);
  });
});
