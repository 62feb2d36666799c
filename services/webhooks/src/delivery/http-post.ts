import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostResponse {
  status: number;
  /** At most the first KB of the body; we never need more, so we stop reading there. */
  bodyExcerpt: string;
  /** The receiver's Retry-After header, if any. */
  retryAfter?: string;
}

export interface PostOptions {
  timeoutMs: number;
  /** Replaces DNS resolution for the socket (the public-address guard). */
  lookup?: LookupFunction;
}

const EXCERPT_BYTES = 1024;

/**
 * One POST, no redirects followed (node:http never follows them), the whole exchange
 * bounded by the timeout. Resolves as soon as the status is known and the excerpt read;
 * rejects only when no response arrived.
 */
export function postOnce(url: URL, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResponse> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(options.timeoutMs),
        lookup: options.lookup,
        // One connection per attempt: a pooled socket would skip the lookup guard.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          resolve({
            status: response.statusCode ?? 0,
            bodyExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
            retryAfter: response.headers['retry-after'],
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) finish();
        });
        // The status is the answer; a body cut short by the timeout does not change it.
        response.on('end', finish).on('close', finish).on('error', finish);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
