import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_CATALOG_PATHS, type ChannelBatch, type ChannelPlatform } from '@stockyard/contracts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
  /** Set when the gateway closed the connection before an answer (`?hang=1`). */
  closedEarly?: boolean;
  /** Set once a `?bytes=N` answer was written whole. */
  sentAll?: boolean;
}

/** Byte i of a `?bytes=N` answer. */
export const patternByte = (i: number) => i % 251;

/** N bytes in 64 KiB writes, each waiting for the socket to drain when it is full. */
async function sendBytes(res: ServerResponse, total: number, extra: string[]) {
  res.writeHead(200, ['content-type', 'application/octet-stream', 'content-length', String(total), ...extra]);
  const chunk = 64 * 1024;
  for (let offset = 0; offset < total; offset += chunk) {
    const piece = Buffer.alloc(Math.min(chunk, total - offset));
    for (let i = 0; i < piece.length; i++) piece[i] = patternByte(offset + i);
    if (!res.write(piece)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

/** The catalog's channel batch as a stand-in catalog answers it, from the channels it was given. */
function channelBatch(body: string, channels: Record<string, ChannelPlatform>): ChannelBatch {
  const ids = (JSON.parse(body) as { ids: string[] }).ids;
  return {
    data: ids
      .filter((id) => channels[id])
      .map((id) => ({
        id,
        name: id,
        platform: channels[id]!,
        active: true,
        warehouseId: null,
        feedUrl: null,
        feedSecret: null,
      })),
    missing: ids.filter((id) => !channels[id]),
  };
}

/**
 * A stand-in service: answers 200 with what it received. `?hang=1` never answers (for
 * upstream timeouts); `?status=N` answers with that status; `?header=Name:value` (any
 * number) adds response headers; `?bytes=N` answers N bytes of a repeating pattern
 * instead, in 64 KiB writes. Standing in for the catalog, it answers the internal channel batch
 * (`POST /internal/v1/channels/batch`) from `channels` (id → platform; any other id is missing).
 */
export async function startEchoUpstream({ channels = {} }: { channels?: Record<string, ChannelPlatform> } = {}) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let bodyBytes = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (req.url === `/internal/v1${INTERNAL_CATALOG_PATHS.channelsBatch}`) chunks.push(chunk);
    });
    req.on('end', () => {
      const entry: Seen = { method: req.method!, url: req.url!, headers: req.headers, bodyBytes };
      seen.push(entry);
      if (chunks.length > 0) {
        res.writeHead(200, ['content-type', 'application/json']);
        return void res.end(JSON.stringify(channelBatch(Buffer.concat(chunks).toString(), channels)));
      }
      const query = new URL(req.url!, 'http://x').searchParams;
      if (query.get('hang')) {
        res.on('close', () => (entry.closedEarly = !res.writableEnded));
        return;
      }
      const extra = query.getAll('header').flatMap((h) => [h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1)]);
      const bytes = query.get('bytes');
      if (bytes) return void sendBytes(res, Number(bytes), extra).then(() => (entry.sentAll = true));
      res.writeHead(Number(query.get('status') ?? 200), [
        'content-type',
        'application/json',
        'x-request-id',
        String(req.headers['x-request-id'] ?? ''),
        ...extra,
      ]);
      res.end(JSON.stringify(entry));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
