import { randomUUID } from 'node:crypto';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '@stockyard/contracts';
import type { Logger } from '../logger';

/**
 * The request line and headers of a request, in bytes, at most; longer is answered 431.
 * Node's default too, but written here so it is ours whatever `--max-http-header-size` says.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/** How long a refused connection may go on sending (its answer is written) before it is cut. */
const DRAIN_MS = 2_000;

interface Answer {
  status: number;
  code: string;
  message: string;
}

/** What Node's HTTP parser and server report (err.code) and what the caller is told. */
function answerFor(code: string | undefined): Answer {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'headers_too_large',
        message: `The request line and headers exceed ${MAX_HEADER_BYTES} bytes`,
      };
    case 'HPE_INVALID_METHOD':
      return { status: 400, code: 'malformed_request', message: 'Unknown HTTP method' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request did not arrive in time' };
    default:
      return { status: 400, code: 'malformed_request', message: 'Malformed HTTP request' };
  }
}

const answered = new WeakSet<Duplex>();

/**
 * Answers what Node refuses before there is a request (a request line or headers over the
 * limit, an unknown method, garbage, a timeout) with the error envelope instead of an
 * empty 400/431, plus `headers` (flat name, value list: a gateway's security headers).
 * The refused client's further bytes are read and dropped until it closes or DRAIN_MS pass,
 * so it gets the answer rather than a reset for data left unread.
 */
export function answerClientErrors(server: Server, logger: Logger, headers: readonly string[] = []): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return; // the same connection failing again while it drains
    const inProgress = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const { status, code, message } = answerFor(err.code);
    const requestId = randomUUID();
    logger.debug({ err: err.message, errCode: err.code, code, requestId }, 'malformed request refused');
    const body: ErrorBody = { error: { code, message, requestId } };
    const payload = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(payload)}`,
      `X-Request-Id: ${requestId}`,
      'Connection: close',
    ];
    for (let i = 0; i < headers.length; i += 2) lines.push(`${headers[i]}: ${headers[i + 1]}`);
    socket.on('data', () => undefined);
    socket.end(`${lines.join('\r\n')}\r\n\r\n${payload}`);
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
}

/**
 * Answers a request whose `Expect` header the server cannot meet (anything but 100-continue)
 * 417 `expectation_failed` with the envelope; Node's own answer has an empty body.
 */
function answerFailedExpectations(server: Server, headers: readonly string[] = []): void {
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const requestId = randomUUID();
    const body: ErrorBody = {
      error: { code: 'expectation_failed', message: 'Only "Expect: 100-continue" is supported', requestId },
    };
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    const payload = JSON.stringify(body);
    res.writeHead(417, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(payload),
      'X-Request-Id': requestId,
    });
    res.end(payload);
    req.resume();
  });
}

/** An HTTP server with the header limit and enveloped client errors (serve() and tests use it). */
export function createHttpServer(app: RequestListener, logger: Logger, headers: readonly string[] = []): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app);
  answerClientErrors(server, logger, headers);
  answerFailedExpectations(server, headers);
  return server;
}
