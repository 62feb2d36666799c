import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

interface PostResponse {
  status: number;
  /** At most the first KB of the body; we never need more, so we stop reading there. */
  bodyExcerpt: string;
  /** The receiver's Retry-After header, if any. */
  retryAfter?: string;
}

interface PostOptions {
  timeoutMs: number;
  /** Replaces DNS resolution for the socket (the public-address guard). */
  lookup?: LookupFunction;
}

const EXCERPT_BYTES = 1024;

/**
 * How long an idle connection to a receiver is kept. Below the keep-alive timeouts servers
 * commonly use (Node 5 s, nginx 75 s), so we seldom write to a socket the receiver is
 * closing; Node also honours a shorter `Keep-Alive: timeout=` the receiver announces.
 */
const IDLE_SOCKET_MS = 4_000;
const IDLE_SOCKETS_PER_ORIGIN = 64;

/**
 * Connections to receivers are kept alive and reused, per origin: consecutive deliveries to
 * one endpoint skip the TCP (and TLS) handshake, and a burst does not leave thousands of
 * sockets in TIME_WAIT. The public-address guard still holds, because it runs when a socket
 * connects and a reused socket stays connected to the address that passed it. Sockets made
 * with the guard and without it (allow-listed hosts) live in separate pools.
 */
function pools() {
  const options = {
    keepAlive: true,
    timeout: IDLE_SOCKET_MS,
    maxFreeSockets: IDLE_SOCKETS_PER_ORIGIN,
    scheduling: 'lifo',
  } as const;
  return { 'http:': new http.Agent(options), 'https:': new https.Agent(options) };
}
const GUARDED = pools();
const ALLOW_LISTED = pools();

/**
 * One POST, no redirects followed (node:http never follows them), the whole exchange
 * bounded by the timeout. Resolves as soon as the status is known and the excerpt read;
 * rejects only when no response arrived.
 *
 * A request on a reused connection that the receiver closed just as we wrote to it (reset
 * before any answer) is sent once more on a new connection, as HTTP clients do for idle
 * keep-alive races. The receiver may then see the attempt twice with the same delivery id,
 * which the spec already asks receivers to handle.
 */
export function postOnce(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const pool = (options.lookup ? GUARDED : ALLOW_LISTED)[url.protocol === 'https:' ? 'https:' : 'http:'];
  return send(url, headers, body, options.lookup, signal, pool).catch(
    (err: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
      if (!err.reusedSocket || signal.aborted || (err.code !== 'ECONNRESET' && err.code !== 'EPIPE')) throw err;
      return send(url, headers, body, options.lookup, signal, false);
    },
  );
}

function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  lookup: LookupFunction | undefined,
  signal: AbortSignal,
  agent: http.Agent | false,
): Promise<PostResponse> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        signal,
        lookup,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        // A body read to its end leaves the socket reusable; one cut short closes it.
        const finish = (complete: boolean) => {
          if (done) return;
          done = true;
          if (!complete) response.destroy();
          resolve({
            status: response.statusCode ?? 0,
            bodyExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
            retryAfter: response.headers['retry-after'],
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) finish(false);
        });
        // The status is the answer; a body cut short by the timeout does not change it.
        response
          .on('end', () => finish(true))
          .on('close', () => finish(false))
          .on('error', () => finish(false));
      },
    );
    request.on('error', (err) => reject(Object.assign(err, { reusedSocket: request.reusedSocket })));
    request.end(body);
  });
}
