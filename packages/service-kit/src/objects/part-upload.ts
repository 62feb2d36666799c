import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/** S3's smallest part (but the last), and the parts sent at once. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

interface Target {
  client: S3Client;
  bucket: string;
  key: string;
  contentType: string;
  /** Resolves once the bucket exists (asked before the first call). */
  ready: () => Promise<void>;
  /** The error a failed S3 call is answered with (the bucket's 503). */
  failed: (err: unknown) => Error;
}

interface Sent {
  buffer: Buffer;
  done: Promise<void>;
}

/**
 * An object written as it is made, in parts: text is encoded straight into one of three part
 * buffers (one filling, two on their way), reused part after part, so an upload holds 15 MB
 * whatever its size and leaves no garbage per part (lib-storage's Upload concatenated each part
 * anew from the chunks it read, about 10 MB of buffers per part for the collector to find: the
 * exporting process grew by 50-90 MB during an export). A multipart upload starts with the
 * first full part; an object under one part is one PUT. Any failure aborts it (no part stays),
 * and the failure is what the next `write` or `finish` throws.
 */
export class PartUpload {
  private readonly free: Buffer[] = [];
  private readonly inFlight: Sent[] = [];
  private readonly etags: string[] = [];
  private filling: Buffer | undefined;
  private filled = 0;
  private uploadId: Promise<string> | undefined;
  private failure: Error | undefined;
  private aborted = false;
  /** Bytes written so far. */
  bytes = 0;

  constructor(private readonly target: Target) {}

  /** Appends text; resolves once it is buffered (waiting for a part on its way when all three are full). */
  async write(text: string): Promise<void> {
    this.check();
    if (text === '') return;
    const length = Buffer.byteLength(text);
    const buffer = await this.buffer();
    if (length > PART_BYTES - this.filled) return this.writeBytes(Buffer.from(text)); // across parts
    this.filled += buffer.write(text, this.filled);
    this.bytes += length;
    if (this.filled === PART_BYTES) this.send();
  }

  /** Sends what is buffered and completes the object: answers the bytes stored. */
  async finish(): Promise<number> {
    this.check();
    const { bucket, key, contentType } = this.target;
    if (!this.uploadId) {
      const body = this.filling ? this.filling.subarray(0, this.filled) : Buffer.alloc(0);
      await this.call(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
      return this.bytes;
    }
    if (this.filled > 0) this.send();
    try {
      await Promise.all(this.inFlight.map((s) => s.done));
      this.check();
      const Parts = this.etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 }));
      const UploadId = await this.uploadId;
      await this.call(
        new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts } }),
      );
    } catch (err) {
      await this.abort();
      throw err;
    }
    return this.bytes;
  }

  /** Stops: the parts sent are discarded and no object is left. */
  async abort(): Promise<void> {
    this.aborted = true;
    const started = this.uploadId;
    this.uploadId = undefined;
    await Promise.allSettled(this.inFlight.map((s) => s.done));
    const UploadId = await started?.catch(() => undefined);
    if (UploadId === undefined) return;
    const { client, bucket, key } = this.target;
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => undefined);
  }

  /** An S3 call, once the bucket exists; its failure is the bucket's error. */
  private async call<T>(command: { input: unknown }): Promise<T> {
    try {
      await this.target.ready();
      return (await this.target.client.send(command as never)) as T;
    } catch (err) {
      throw this.target.failed(err);
    }
  }

  private check(): void {
    if (this.failure !== undefined) throw this.failure;
    if (this.aborted) throw new Error('the upload was aborted');
  }

  private async writeBytes(bytes: Buffer): Promise<void> {
    let from = 0;
    while (from < bytes.length) {
      const buffer = await this.buffer();
      const copied = bytes.copy(buffer, this.filled, from, Math.min(bytes.length, from + PART_BYTES - this.filled));
      this.filled += copied;
      this.bytes += copied;
      from += copied;
      if (this.filled === PART_BYTES) this.send();
    }
  }

  /** The part buffer being filled: a free one, a new one while fewer than three exist, or the oldest sent's. */
  private async buffer(): Promise<Buffer> {
    if (this.filling) return this.filling;
    if (this.free.length === 0 && this.inFlight.length >= PARTS_IN_FLIGHT) {
      const oldest = this.inFlight.shift()!;
      await oldest.done.catch(() => undefined);
      this.check();
      this.free.push(oldest.buffer);
    }
    this.filling = this.free.pop() ?? Buffer.allocUnsafe(PART_BYTES);
    this.filled = 0;
    return this.filling;
  }

  /** Sends the part being filled (starting the multipart upload with the first). */
  private send(): void {
    const buffer = this.filling!;
    const length = this.filled;
    this.filling = undefined;
    this.filled = 0;
    const { bucket, key, contentType } = this.target;
    this.uploadId ??= this.call<{ UploadId?: string }>(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
    ).then((created) => created.UploadId!);
    const PartNumber = this.etags.push('');
    const done = this.uploadId
      .then((UploadId) =>
        this.call<{ ETag?: string }>(
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: buffer.subarray(0, length) }),
        ),
      )
      .then((sent) => {
        this.etags[PartNumber - 1] = sent.ETag!;
      })
      .catch((err: Error) => {
        this.failure ??= err;
        throw err;
      });
    done.catch(() => undefined); // answered by the next write, finish or abort
    this.inFlight.push({ buffer, done });
  }
}
