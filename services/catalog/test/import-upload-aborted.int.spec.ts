import { connect, type Socket } from 'node:net';
import { asCaller, eventually } from '@stockyard/testkit';
import { CHUNK_BYTES } from '../src/store/import-chunk.repository';
import { CHANNEL_SIDE_PERMISSIONS, csv, startChannels, type Channels } from './support/channels';

const ORG = 'org_import_aborted';

/**
 * Starts a CSV upload on a raw connection that promises `declared` bytes, sends `sent` of them
 * (a header row first) and leaves the socket open for the test to cut.
 */
async function partialUpload(
  url: string,
  path: string,
  declared: number,
  sent: number,
  extra: string[] = [],
): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  const head = [
    `POST /api/v1${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Content-Type: text/csv',
    `Content-Length: ${declared}`,
    'X-Request-Id: req-aborted-upload',
    ...extra,
    ...Object.entries(asCaller(ORG, CHANNEL_SIDE_PERMISSIONS)).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  const rows = Array.from({ length: Math.ceil(sent / 40) }, (_, i) => [`ABORT-${i}`, 'Aborted row', '1.00', '1', '']);
  socket.write(csv(rows).slice(0, sent));
  return socket;
}

describe('POST /sources/{id}/imports cut off by the client', () => {
  let h: Channels;
  let sourceId: string;
  beforeAll(async () => {
    h = await startChannels(ORG);
    sourceId = (await h.source()).id;
  });
  afterAll(() => h.close());

  it('fails the job as upload_aborted, logs it at info (not as an error) and keeps answering', async () => {
    const error = jest.spyOn(h.logger, 'error');
    const info = jest.spyOn(h.logger, 'info');
    const socket = await partialUpload(h.url, `/sources/${sourceId}/imports`, 8 * CHUNK_BYTES, 2 * CHUNK_BYTES + 100);
    // The job exists while the bytes arrive (RECEIVING), with its first chunks stored.
    const receiving = await eventually(async () => {
      const jobs = (await h.request('GET', `/sources/${sourceId}/imports`)).body.data;
      return jobs.length === 1 && jobs[0].status === 'RECEIVING' ? jobs[0] : undefined;
    });
    socket.destroy();

    const job = await h.finished(receiving.id);
    expect(job).toMatchObject({
      id: receiving.id,
      status: 'FAILED',
      failure: { code: 'upload_aborted', message: expect.any(String) },
      counts: { created: 0, updated: 0, unchanged: 0, rejected: 0 },
    });
    await eventually(() =>
      info.mock.calls.find(([fields]) => (fields as { jobId?: string }).jobId === receiving.id) ? true : undefined,
    );
    expect(info).toHaveBeenCalledWith(
      { orgId: ORG, jobId: receiving.id, requestId: 'req-aborted-upload', bytesReceived: expect.any(Number) },
      expect.stringContaining('aborted'),
    );
    expect(error).not.toHaveBeenCalled();
    // Nothing of the cut upload was applied, no import.completed, and the service still takes uploads.
    expect((await h.request('GET', `/sources/${sourceId}/skus`)).body.total).toBe(0);
    const next = await h.postCsv(`/sources/${sourceId}/imports`, csv([['AFTER-1', 'After', '1', '1', '']]));
    expect(next.status).toBe(202);
    expect(await h.finished(next.body.id)).toMatchObject({ status: 'COMPLETED', counts: { created: 1 } });
    expect(h.named('import.completed').map((e) => e.payload.jobId)).not.toContain(receiving.id);
  });

  it('frees an Idempotency-Key an aborted upload held: the same key with the whole CSV is accepted', async () => {
    const key = `aborted-${Date.now()}`;
    const error = jest.spyOn(h.logger, 'error');
    const socket = await partialUpload(h.url, `/sources/${sourceId}/imports`, 8 * CHUNK_BYTES, 2 * CHUNK_BYTES, [
      `Idempotency-Key: ${key}`,
    ]);
    const receiving = await eventually(async () => {
      const jobs = (await h.request('GET', `/sources/${sourceId}/imports`)).body.data;
      return jobs.find((j: { status: string }) => j.status === 'RECEIVING');
    });
    socket.destroy();
    expect(await h.finished(receiving.id)).toMatchObject({ status: 'FAILED', failure: { code: 'upload_aborted' } });
    const whole = await h.postCsv(`/sources/${sourceId}/imports`, csv([['KEYED-1', 'Keyed', '1', '1', '']]), ORG, {
      'idempotency-key': key,
    });
    expect(whole.status).toBe(202);
    expect(whole.headers.get('idempotent-replayed')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });
});
