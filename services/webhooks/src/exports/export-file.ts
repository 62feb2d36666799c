import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ObjectBucket } from '@stockyard/service-kit/objects';

/** Text the stream holds before a write waits for the upload to take it (S3's parts add ~10 MB). */
const BUFFER_BYTES = 1024 * 1024;

/**
 * One attempt's file in the exports bucket, written as it is read: text goes into a stream that
 * the bucket uploads in parts (ObjectBucket.upload), and a write that fills the stream's buffer
 * waits for it to drain, so a file of any size holds a few MB at a time. Aborted, nothing stays.
 */
export class ExportFile {
  private readonly body = new PassThrough({ highWaterMark: BUFFER_BYTES });
  private readonly aborting = new AbortController();
  private readonly uploaded: Promise<number>;
  /** Bytes written so far. */
  bytes = 0;

  constructor(bucket: Pick<ObjectBucket, 'upload'>, key: string, contentType: string) {
    // An abort before the upload reads the stream destroys it with nobody listening.
    this.body.on('error', () => undefined);
    this.uploaded = bucket.upload(key, this.body, contentType, this.aborting.signal);
    this.uploaded.catch(() => undefined); // answered by write, finish or abort
  }

  /** Appends text; resolves once the stream can take more (or rejects when the upload failed). */
  async write(text: string): Promise<void> {
    if (text === '') return;
    const chunk = Buffer.from(text, 'utf8');
    this.bytes += chunk.length;
    if (this.body.write(chunk)) return;
    const failed = this.uploaded.then(() => {
      throw new Error('the upload ended before the file');
    });
    await Promise.race([once(this.body, 'drain'), failed]);
  }

  /** Ends the file: resolves with the bytes stored once the upload completed. */
  finish(): Promise<number> {
    this.body.end();
    return this.uploaded;
  }

  /** Stops the upload; the parts sent are discarded and no object is left. */
  async abort(): Promise<void> {
    this.aborting.abort();
    this.body.destroy(new Error('export aborted'));
    await this.uploaded.catch(() => undefined);
  }
}
