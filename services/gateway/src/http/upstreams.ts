import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';
import { IDENTITY_HEADER, type ServiceName } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import { errors } from '../domain/errors';
import { Balancer, DEFAULT_DOWN_TIMES, type DownTimes, type Member } from './balancer';
import { unavailableMessage } from './dev-mode';

export type UpstreamName = Exclude<ServiceName, 'gateway'>;

/** Headers that describe one connection, not the message: never forwarded either way. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
];

/**
 * Request headers the client's copy of which never reaches a service: the key (it never
 * leaves the gateway), the identity and request id (the gateway's own, Forward.headers),
 * and the forwarding trail (rewritten).
 */
const REPLACED_ON_REQUEST = [
  'authorization',
  IDENTITY_HEADER,
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
];

interface UpstreamLimits {
  /** Sockets per service; requests beyond it wait in the pool for one. */
  connections: number;
  /**
   * Requests allowed to wait for a socket; past it the gateway answers 503 upstream_busy
   * at once. Without the bound an overloaded service would see requests arrive after a
   * long wait, with an identity signed before it (services refuse identities over 60 s).
   */
  maxQueued: number;
}

interface Forward {
  /** The request as the client sent it (its method, URL and end-to-end headers are kept). */
  req: IncomingMessage;
  res: ServerResponse;
  /** Request headers to add, name then value (identity, request id; see REPLACED_ON_REQUEST). */
  headers: string[];
  /**
   * The gateway's own response headers (request id, security, rate limit), name then
   * value: they come first, and the service's headers of the same names are dropped.
   */
  head: string[];
  /** The body to send, or null when the request has none; read whole when it may go again. */
  body: Readable | Buffer | null;
  /**
   * Whether the request may go to another replica after it was written and cut before an
   * answer (`resendable` in body-limit.ts: a repeatable method or a keyed POST, its body read).
   */
  resendable?: boolean;
}

/**
 * Which header names (as sent, in any case) a filter drops: decided once per spelling,
 * since peers send the same few spellings over and over.
 */
class HeaderFilter {
  private readonly dropped: Set<string>;
  private readonly decided = new Map<string, boolean>();

  constructor(names: Iterable<string>) {
    this.dropped = new Set([...names].map((name) => name.toLowerCase()));
  }

  drops(name: string): boolean {
    let drop = this.decided.get(name);
    if (drop === undefined) {
      drop = this.dropped.has(name.toLowerCase());
      if (this.decided.size < 1000) this.decided.set(name, drop);
    }
    return drop;
  }
}

/**
 * Error codes of a connection that failed before the request was written (undici calls the
 * handler's onConnect only once it writes): nothing reached the service, so the request may
 * go to another replica whatever its method.
 */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Error codes of a connection cut after the request was written and before any answer: a
 * replica closing a kept-alive socket as the request went out on it, or one killed mid-request.
 */
const CUT = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * The pooled, kept-alive connections to each replica of each service (undici: a pool per
 * origin), chosen by a Balancer. A request is streamed both ways through undici's dispatch API
 * (only a body that may go again, 1 MiB at most, is read first: `resendable` in body-limit.ts).
 * Headers go as flat lists of strings both ways, so the hop builds no header objects, and the
 * answer's head (the gateway's headers and the service's) is written in one writeHead. A
 * connection refused or cut before the request was written is retried on the next replica; one
 * cut after it was written only when the request may go twice (`Forward.resendable`), else it is
 * answered as an error (the client retries with its Idempotency-Key). Upstream failures become
 * AppErrors the caller turns into envelopes.
 */
export class Upstreams {
  private readonly services = new Map<UpstreamName, Balancer<Pool>>();
  private readonly requestFilter: HeaderFilter;
  private readonly responseFilter: HeaderFilter;

  constructor(
    /** Each service's replicas (one URL or more). */
    targets: Record<UpstreamName, readonly string[]>,
    private readonly timeoutMs: number,
    private readonly limits: UpstreamLimits = { connections: 128, maxQueued: 512 },
    /** Response header names the gateway always writes itself (see Forward.head). */
    ownResponseHeaders: readonly string[] = [],
    /** Under `npm run dev -- <service>`, the one service started: another's 503 says so (dev-mode.ts). */
    private readonly devService?: UpstreamName,
    downTimes: DownTimes = DEFAULT_DOWN_TIMES,
  ) {
    for (const [service, urls] of Object.entries(targets) as [UpstreamName, string[]][]) {
      const pools = urls.map((url) => ({
        url,
        target: new Pool(url, {
          connections: limits.connections,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          connectTimeout: Math.min(timeoutMs, 10_000),
        }),
      }));
      this.services.set(service, new Balancer(pools, downTimes));
    }
    this.requestFilter = new HeaderFilter([...HOP_BY_HOP, ...REPLACED_ON_REQUEST]);
    this.responseFilter = new HeaderFilter([...HOP_BY_HOP, ...ownResponseHeaders]);
  }

  /**
   * Resolves when the response has been streamed to the client; rejects (before anything
   * was written) with 503 upstream_unavailable or upstream_busy, 504 upstream_timeout, or
   * with the error that cut the request body short.
   */
  forward(service: UpstreamName, { req, res, headers, head, body, resendable = false }: Forward): Promise<void> {
    const balancer = this.services.get(service)!;
    const outgoing = this.forwardedHeaders(req, headers);
    const tried = new Set<Member<Pool>>();
    return new Promise<void>((resolve, reject) => {
      const attempt = (lastError?: NodeJS.ErrnoException) => {
        const member = balancer.pick(tried);
        if (!member) return reject(this.asAppError(service, lastError));
        // Each socket carries one request at a time: what is beyond the sockets waits in the pool.
        // The least loaded replica is chosen, so when it is full, all are.
        if (member.inFlight - this.limits.connections >= this.limits.maxQueued) {
          balancer.released(member);
          return reject(busy(service));
        }
        tried.add(member);
        member.inFlight++;
        const done = (err: Error | undefined, connected: boolean) => {
          member.inFlight--;
          if (!err) return resolve();
          // Cut after it was written, a request that may go twice goes to another replica too.
          const cutBeforeAnswer = connected && resendable && !res.headersSent && isCut(err);
          // A client that left (its body's error looks like a refusal) is not followed elsewhere.
          if (((!connected && isNotSent(err)) || cutBeforeAnswer) && !req.socket.destroyed && !res.destroyed) {
            balancer.refused(member);
            return attempt(err);
          }
          if (!connected) balancer.released(member);
          if (res.headersSent) {
            // Mid-body: nothing honest can be added to a response already under way.
            res.destroy(err);
            return resolve();
          }
          reject(err instanceof AppError ? err : this.asAppError(service, err));
        };
        member.target.dispatch(
          { path: req.url!, method: req.method as Dispatcher.HttpMethod, headers: outgoing, body },
          new Relay(res, head, this.responseFilter, done, () => balancer.connected(member)),
        );
      };
      attempt();
    });
  }

  close(): Promise<unknown> {
    return Promise.all([...this.services.values()].flatMap(({ members }) => members.map((m) => m.target.close())));
  }

  /** The client's end-to-end headers, the forwarding trail, then the gateway's own. */
  private forwardedHeaders(req: IncomingMessage, extra: string[]): string[] {
    const out: string[] = [];
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      if (!this.requestFilter.drops(raw[i]!)) out.push(raw[i]!, raw[i + 1]!);
    }
    const incoming = req.headers;
    const client = req.socket.remoteAddress ?? '';
    out.push(
      'x-forwarded-for',
      incoming['x-forwarded-for'] ? `${String(incoming['x-forwarded-for'])}, ${client}` : client,
    );
    out.push('x-forwarded-proto', (incoming['x-forwarded-proto'] as string | undefined) ?? 'http');
    const host = incoming['x-forwarded-host'] ?? incoming.host;
    if (host) out.push('x-forwarded-host', host as string);
    for (let i = 0; i < extra.length; i++) out.push(extra[i]!);
    return out;
  }

  private asAppError(service: UpstreamName, err: NodeJS.ErrnoException | undefined): AppError {
    if (err?.code === 'UND_ERR_HEADERS_TIMEOUT' || err?.code === 'UND_ERR_BODY_TIMEOUT') {
      return errors.upstream_timeout(`The ${service} service did not answer within ${this.timeoutMs} ms`);
    }
    return errors.upstream_unavailable(unavailableMessage(service, this.devService));
  }
}

const busy = (service: UpstreamName) =>
  errors.upstream_busy(`The ${service} service is busy; retry in a moment`, undefined, { 'Retry-After': '1' });

const isNotSent = (err: Error) => NOT_SENT.has((err as NodeJS.ErrnoException).code ?? '');
const isCut = (err: Error) => CUT.has((err as NodeJS.ErrnoException).code ?? '');

/**
 * Streams one service answer to the client (undici's dispatch handler): the head in one
 * writeHead, body chunks as they come, pausing the upstream while the client's socket is
 * full, and aborting the upstream request when the client goes away first.
 */
class Relay implements Dispatcher.DispatchHandler {
  private abort?: (err?: Error) => void;
  private resume?: () => void;
  private finished = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly head: string[],
    private readonly filter: HeaderFilter,
    /** `connected`: the request was being written on a connection (so it may have been sent). */
    private readonly done: (err: Error | undefined, connected: boolean) => void,
    /** A connection carries the request (undici is about to write it). */
    private readonly onConnected: () => void,
  ) {
    res.once('close', () => {
      if (!this.finished) this.abort?.(new Error('the client closed the connection'));
    });
  }

  onConnect(abort: (err?: Error) => void): void {
    this.abort = abort;
    this.onConnected();
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    const head = this.head;
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!.toString('latin1');
      if (!this.filter.drops(name)) head.push(name, rawHeaders[i + 1]!.toString('latin1'));
    }
    this.res.writeHead(statusCode, head);
    this.resume = resume;
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.res.write(chunk)) return true;
    this.res.once('drain', this.resume!); // undici holds the body until then
    return false;
  }

  onComplete(): void {
    this.finished = true;
    this.res.end();
    this.done(undefined, true);
  }

  onError(err: Error): void {
    this.finished = true;
    this.done(err, this.abort !== undefined);
  }
}
