import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { formatKey } from '../../src/domain/api-key-format';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62 = (length: number) => [...randomBytes(length)].map((b) => BASE62[b % 62]).join('');

/** A well-formed key (its checksum is right) for `keyId` with a fresh random, wrong, secret. */
export const wrongSecretFor = (keyId: string) => formatKey('admin', keyId, base62(32));
/** A well-formed key for a key id that does not exist. */
export const unknownKey = () => formatKey('admin', base62(12), base62(32));

interface Answer {
  status: number;
  code?: string;
  retryAfter?: string;
  ms: number;
}

/** One GET with a bearer key, sent from `localAddress` (another loopback address is another client). */
export function getFrom(url: string, key: string, localAddress = '127.0.0.1', agent?: Agent): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers: { authorization: `Bearer ${key}` }, localAddress, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const code = body.startsWith('{') ? (JSON.parse(body) as { error?: { code: string } }).error?.code : undefined;
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode!, code, retryAfter, ms: performance.now() - started });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** `count` requests, `concurrency` at a time, each with a new wrong secret for one of `keyIds`. */
export async function floodWrongSecrets(options: {
  url: string;
  keyIds: string[];
  count: number;
  concurrency: number;
  localAddress: string;
}): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency, localAddress: options.localAddress });
  const answers: Answer[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < options.count) {
      const keyId = options.keyIds[sent++ % options.keyIds.length]!;
      answers.push(await getFrom(options.url, wrongSecretFor(keyId), options.localAddress, agent));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  return answers;
}
