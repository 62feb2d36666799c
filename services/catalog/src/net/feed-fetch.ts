import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { AppError } from '@stockyard/service-kit';
import { checkPublicUrl, publicOnlyLookup, type UrlPolicy, type UrlRules } from '@stockyard/service-kit/net';
import { errors } from '../domain/errors';

const feedFetchFailed = (message: string) => errors.feed_fetch_failed(message);

/**
 * GETs a feed and answers its body as a stream. The URL rule is checked first, and the socket
 * resolves through `publicOnlyLookup` (unless allow-listed), so a host that re-points its DNS
 * at a private address is refused at connect time; redirects are not followed. The request
 * gives up when the server sends nothing for `idleMs`.
 */
export async function fetchFeed(
  raw: string,
  policy: UrlPolicy,
  rules: UrlRules,
  idleMs: number,
  headers: Record<string, string> = {},
): Promise<Readable> {
  const target = await checkPublicUrl(raw, policy, rules);
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'GET',
        headers: { accept: 'text/csv, */*;q=0.5', 'user-agent': 'Stockyard-Catalog/1.0', ...headers },
        lookup: target.allowListed ? undefined : publicOnlyLookup,
        timeout: idleMs,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.resume();
          reject(feedFetchFailed(`The feed answered HTTP ${status}`));
          return;
        }
        response.setTimeout(idleMs, () => response.destroy(feedFetchFailed(`The feed sent nothing for ${idleMs} ms`)));
        resolve(response);
      },
    );
    request.on('timeout', () => request.destroy(feedFetchFailed(`The feed did not answer within ${idleMs} ms`)));
    request.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err instanceof AppError ? err : feedFetchFailed(`The feed could not be fetched (${err.code ?? err.message})`),
      ),
    );
    request.end();
  });
}
