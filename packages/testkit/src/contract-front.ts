import { request } from 'node:http';
import { ContractCheck } from './contract-check';
import { listen } from './http';

let shared: ContractCheck | undefined;
/** One checker per test process: the document is made and its schemas compiled once. */
const contractCheck = () => (shared ??= new ContractCheck());

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
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          violations.push(
            ...check.check({
              method: req.method ?? 'GET',
              url: req.url ?? '/',
              status: answer.statusCode ?? 0,
              headers: answer.headers,
              body: body.toString('utf8'),
            }),
          );
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          res.end(body);
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => res.destroy());
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
