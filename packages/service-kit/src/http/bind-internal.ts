import { INTERNAL_BASE_PATH, type InternalRoute } from '@stockyard/contracts';
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { inAuditScope } from '../audit/audit-scope';
import { requestScope } from '../audit/request-scope';
import { checkAnswer } from './answer-check';
import { orgIdOf } from './context';
import { parse } from './validate';
import { nameRoute } from '../ops/http-metrics';

/** What an internal route's handler gets: the calling identity's organization and the parsed request. */
interface InternalInput<Q extends z.ZodType | null> {
  orgId: string;
  body: Q extends z.ZodType ? z.output<Q> : undefined;
  req: Request;
}

type InternalHandler<Q extends z.ZodType | null, R extends z.ZodType> = (
  input: InternalInput<Q>,
) => Promise<z.input<R>> | z.input<R>;

/**
 * Mounts `handler` at a row of the internal route table (contracts internal/route-table.ts), as
 * `bindRoute` does for partner routes: the row's method and path, the body parsed by its request
 * schema (400 validation_failed naming each field), the row's status, and the answer checked
 * against its response schema where the suite asks for it. The router is the one mounted at
 * /internal/v1 behind the signed identity.
 */
export function bindInternal<Q extends z.ZodType | null, R extends z.ZodType>(
  router: Router,
  route: InternalRoute<Q, R>,
  handler: InternalHandler<Q, R>,
): void {
  const name = `${route.method} ${INTERNAL_BASE_PATH}${route.path}`;
  const method = route.method === 'GET' ? 'get' : 'post';
  router[method](route.path, async (req: Request, res: Response) => {
    nameRoute(res, name);
    const body = (route.request ? parse(route.request, req.body, 'body') : undefined) as InternalInput<Q>['body'];
    const scope = requestScope(req, name, route.status);
    const output = await inAuditScope(scope, () => handler({ orgId: orgIdOf(req), body, req }));
    checkAnswer(name, route.response, output);
    res.status(route.status).json(output);
  });
}
