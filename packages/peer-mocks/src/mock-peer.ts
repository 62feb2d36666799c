import {
  exampleOf,
  IDENTITY_HEADER,
  INTERNAL_BASE_PATH,
  INTERNAL_ROUTES,
  verifyIdentity,
  type InternalRoute,
  type InternalRouteName,
  type ServiceName,
} from '@stockyard/contracts';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import { MockRefusal, type MockBehaviors } from './behavior';
import { BEHAVIORS } from './behaviors';

/** One call a mock answered: what the caller sent and what it got. */
export interface RecordedCall {
  route: InternalRouteName;
  orgId: string;
  body: unknown;
  status: number;
  response: unknown;
}

export interface MockPeerOptions {
  /** The secret the caller signs its identity with (the stack's IDENTITY_SECRET). */
  identitySecret: string;
  /** Answers other than the service's own stateful ones (BEHAVIORS); a route without one answers its example. */
  behaviors?: MockBehaviors;
}

const fail = (res: Response, status: number, code: string, message: string, details?: unknown[]) =>
  res.status(status).json({ error: { code, message, ...(details ? { details } : {}) } });

/**
 * A mocked peer: an express app answering every row of the internal route table the service
 * owns, under /internal/v1, as the real one would at its edge (a signed identity, the body
 * parsed by the row's request schema, 400 `validation_failed` otherwise), from its behaviors or
 * its example. Every answer is parsed by the row's response schema before it leaves, so a mock
 * can never answer what the real peer could not. `GET /__mock/calls` and `/__mock/state` show
 * what it was asked and what it keeps.
 */
export function mockPeerApp(service: ServiceName, options: MockPeerOptions): { app: Express; calls: RecordedCall[] } {
  const behaviors = options.behaviors ?? BEHAVIORS[service]?.() ?? { routes: {}, state: () => ({}) };
  const calls: RecordedCall[] = [];
  const app = express();
  app.disable('x-powered-by');
  app.get(['/healthz', '/readyz'], (_req, res) => {
    res.json({ status: 'ready', mock: service });
  });
  app.get('/__mock/calls', (_req, res) => {
    res.json({ data: calls });
  });
  app.get('/__mock/state', (_req, res) => {
    res.json(behaviors.state());
  });
  const internal = express.Router();
  internal.use(express.json({ limit: '1mb' }));
  for (const name of Object.keys(INTERNAL_ROUTES) as InternalRouteName[]) {
    const route: InternalRoute = INTERNAL_ROUTES[name];
    if (route.service !== service) continue;
    const behavior = behaviors.routes[name];
    const handler = (req: Request, res: Response) => {
      const identity = verifyIdentity(req.header(IDENTITY_HEADER), options.identitySecret);
      if (!identity) return fail(res, 401, 'unauthenticated', 'a valid signed identity is required');
      const parsed = route.request?.safeParse(req.body ?? {});
      if (parsed && !parsed.success) {
        const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), code: i.code, message: i.message }));
        return fail(res, 400, 'validation_failed', 'the body breaks the schema', details);
      }
      const record = (status: number, response: unknown) =>
        calls.push({ route: name, orgId: identity.orgId, body: req.body, status, response });
      try {
        const answer = behavior ? behavior(identity.orgId, parsed?.data as never) : exampleOf(route).response;
        const response = route.response.parse(answer);
        record(route.status, response);
        res.status(route.status).json(response);
      } catch (err) {
        if (!(err instanceof MockRefusal)) throw err;
        record(err.status, { error: { code: err.code } });
        fail(res, err.status, err.code, err.message);
      }
    };
    if (route.method === 'GET') internal.get(route.path, handler);
    else internal.post(route.path, handler);
  }
  app.use(INTERNAL_BASE_PATH, internal);
  app.use((_req, res) => fail(res, 404, 'route_not_found', `the ${service} mock has no such route`));
  // A behavior whose answer breaks the row's response schema is the mock's bug: said as such.
  app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
    fail(res, 500, 'mock_failed', `the ${service} mock failed: ${err.message}`);
  });
  return { app, calls };
}

export interface MockPeer {
  service: ServiceName;
  url: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

/** Starts a mocked peer on 127.0.0.1 (`port` 0: a free one). */
export async function startMockPeer(
  service: ServiceName,
  options: MockPeerOptions & { port?: number },
): Promise<MockPeer> {
  const { app, calls } = mockPeerApp(service, options);
  const server = app.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    service,
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
