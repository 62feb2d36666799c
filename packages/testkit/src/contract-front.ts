import { request, type IncomingMessage } from 'node:http';
import { ContractCheck } from './contract-check';
import { listen } from './http';

let shared: ContractCheck | undefined;
/** One checker per test process: the document is made and its schemas compiled once. */
const contractCheck = () => (shared ??= new ContractCheck());

/**
 * The answer's headers but HTTP's hop-by-hop ones: this hop decides its own connection. Relaying
 * the gateway's `Connection: close` (after an early 413) would close the client's connection with
 * its upload still arriving, which a client sees as a reset, not as the answer.
 */
function endToEnd(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

export interface ContractFront {
  /** Where clients call: the gateway, through the check. */
  url: string;
  /** What was off so far, one line per answer and issue. */
  readonly violations: readonly string[];
  close(): Promise<void>;
}

/**
 * A pass-through in front of the gateway that checks every answer against the OpenAPI document
 * (ContractCheck) before handing it on unchanged. Requests stream through as they are (a CSV
 * upload, a raw body); answers are read whole, then checked.
 */
export async function contractFront(gatewayUrl: string): Promise<ContractFront> {
  const target = new URL(gatewayUrl);
  const check = contractCheck();
  const violations: string[] = [];
  const server = await listen((req, res) => {
    let answer: IncomingMessage | undefined;
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (received) => {
        answer = received;
        const chunks: Buffer[] = [];
        const relay = () => {
          const body = Buffer.concat(chunks);
          violations.push(
            ...check.check({
              method: req.method ?? 'GET',
              url: req.url ?? '/',
              status: received.statusCode ?? 0,
              headers: received.headers,
              body: body.toString('utf8'),
            }),
          );
          res.writeHead(received.statusCode ?? 502, endToEnd(received.rawHeaders));
          res.end(body);
        };
        received.on('data', (chunk: Buffer) => chunks.push(chunk));
        received.on('end', relay);
        // The gateway may answer early (a 413) and close while the body still comes: a whole answer is relayed.
        received.on('error', () => (received.complete ? relay() : res.destroy()));
      },
    );
    upstream.on('error', () => {
      req.unpipe(upstream);
      req.resume(); // the rest of the body goes nowhere, so the client can finish sending and read the answer
      if (!answer) res.destroy();
    });
    req.pipe(upstream);
  });
  return { url: server.url, violations, close: server.close };
}

/** Throws naming every answer the document does not describe. */
export function assertConforms(front: ContractFront): void {
  if (front.violations.length === 0) return;
  const distinct = [...new Set(front.violations)];
  throw new Error(`answers the OpenAPI document does not describe (${distinct.length}):\n${distinct.join('\n')}`);
}
