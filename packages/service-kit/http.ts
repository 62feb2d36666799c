// Request plumbing under bindRoute: identity, parsing, idempotency, error answers, paging links, a peer's refusal.
export { orgIdOf, requestIdFrom, requestId, requireIdentity } from './src/http/context';
export { bodyOf, queryOf, parse } from './src/http/validate';
export { jsonBody } from './src/http/json-body';
export { setNextLink } from './src/http/next-link';
export { idempotency, idempotencyInProgress } from './src/http/idempotency';
export { validatePathIds } from './src/http/path-ids';
export { refusalOf } from './src/peers';
export { bindPublic } from './src/http/bind-public';
export { errorHandler, errorResponse, notFoundHandler, sendError } from './src/http/error-handler';
export type { RouteHandler, RouteInput, RouteOutput } from './src/http/bind-route';
