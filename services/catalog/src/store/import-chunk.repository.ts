import type { Connection } from 'mongoose';
import { Readable } from 'node:stream';

interface ChunkDoc {
  _id: string;
  orgId: string;
  jobId: string;
  /** A Buffer when written; the driver reads it back as a BSON Binary. */
  data: Buffer | { buffer: Uint8Array };
}

/** Bytes per stored chunk: a 100,000-row feed (about 4 MB) is 16 writes. */
export const CHUNK_BYTES = 256 * 1024;

const chunkId = (jobId: string, seq: number) => `${jobId}:${String(seq).padStart(6, '0')}`;

/**
 * A feed's bytes, staged in the database in chunks while they arrive (an upload's request, a
 * URL's response), so the job can be applied, and resumed after a crash, without holding the
 * file in memory or on a replica's disk. Chunks are read back by `_id`, one at a time.
 */
export class ImportChunks {
  private readonly collection;

  constructor(connection: Connection) {
    this.collection = connection.collection<ChunkDoc>('import_chunks');
  }

  /** Stores the stream; answers the chunk count and bytes. `limit` bytes at most, else `tooLarge()` is thrown. */
  async stage(
    orgId: string,
    jobId: string,
    body: AsyncIterable<Buffer | string>,
    limit: number,
    tooLarge: () => Error,
    onChunk?: (data: Buffer, seq: number) => Promise<void> | void,
  ): Promise<{ chunks: number; bytes: number }> {
    let pending: Buffer[] = [];
    let size = 0;
    let bytes = 0;
    let seq = 0;
    const flush = async () => {
      const data = Buffer.concat(pending);
      await onChunk?.(data, seq);
      await this.collection.insertOne({ _id: chunkId(jobId, seq), orgId, jobId, data });
      seq++;
      pending = [];
      size = 0;
    };
    for await (const piece of body) {
      const buffer = typeof piece === 'string' ? Buffer.from(piece) : piece;
      bytes += buffer.length;
      if (bytes > limit) throw tooLarge();
      pending.push(buffer);
      size += buffer.length;
      if (size >= CHUNK_BYTES) await flush();
    }
    if (size > 0 || seq === 0) await flush();
    return { chunks: seq, bytes };
  }

  /** The staged bytes as a stream, read a chunk at a time. */
  read(jobId: string, chunks: number): Readable {
    const collection = this.collection;
    return Readable.from(
      (async function* () {
        for (let seq = 0; seq < chunks; seq++) {
          const doc = await collection.findOne({ _id: chunkId(jobId, seq) });
          if (!doc) throw new Error(`import ${jobId}: chunk ${seq} is missing`);
          yield Buffer.isBuffer(doc.data) ? doc.data : Buffer.from(doc.data.buffer);
        }
      })(),
    );
  }

  /** Removes a job's chunks (by `_id`, so no scan). */
  async remove(jobId: string, chunks: number): Promise<void> {
    for (let seq = 0; seq < chunks; seq += 50) {
      const ids = Array.from({ length: Math.min(50, chunks - seq) }, (_, i) => chunkId(jobId, seq + i));
      await Promise.all(ids.map((_id) => this.collection.deleteOne({ _id })));
    }
  }

  /** Removes chunks of a job whose count is unknown (an upload cut short): up to the first gap. */
  async removeAll(jobId: string): Promise<void> {
    for (let seq = 0; ; seq++) {
      const { deletedCount } = await this.collection.deleteOne({ _id: chunkId(jobId, seq) });
      if (deletedCount === 0) return;
    }
  }
}
