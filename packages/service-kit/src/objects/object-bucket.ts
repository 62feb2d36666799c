import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Logger } from '../logger';
import { AppError } from '../errors';
import { dependencyUnavailable } from '../peers';
import type { Part } from '../service';
import { PartUpload } from './part-upload';
import type { S3Settings } from './s3-env';

/** How long one S3 call may take before its caller answers 503. */
const S3_TIMEOUT_MS = 5_000;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * One bucket of an S3-compatible server (versitygw locally, MinIO in compose, S3 itself). Created
 * when missing at start (a part, before the service serves); when S3 is away then, the service
 * still starts and the first call that needs the bucket creates it. S3 down or slow is a 503
 * `dependency_unavailable` naming `what` (the bucket's use: `attachment storage`).
 */
export class ObjectBucket implements Part {
  private readonly client: S3Client;
  private readonly bucket: string;
  private ready?: Promise<void>;

  constructor(
    settings: S3Settings,
    private readonly what: string,
    private readonly logger: Logger,
  ) {
    this.bucket = settings.S3_BUCKET;
    this.client = new S3Client({
      endpoint: settings.S3_URL,
      region: settings.S3_REGION,
      credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY },
      forcePathStyle: true,
      maxAttempts: 2,
      requestHandler: { requestTimeout: S3_TIMEOUT_MS, connectionTimeout: S3_TIMEOUT_MS },
    });
  }

  async start(): Promise<void> {
    await this.ensureBucket().catch((err: Error) =>
      this.logger.warn({ bucket: this.bucket, err: err.message }, `${this.what} bucket not reachable at start`),
    );
  }

  stop(): void {
    this.client.destroy();
  }

  /** A presigned PUT of `key` with this content type, valid `seconds`. */
  async presignPut(key: string, contentType: string, seconds: number): Promise<string> {
    await this.ensureBucket();
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  /** A presigned GET of `key`, valid `seconds`; `fileName` is what a browser saves it as. */
  async presignGet(key: string, seconds: number, fileName?: string): Promise<string> {
    const disposition = fileName ? `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"` : undefined;
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: disposition });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  /**
   * An object written at `key` as it is made, in parts (part-upload.ts): about 15 MB held whatever
   * its size. Its S3 failures are this bucket's 503; `abort` leaves no object.
   */
  partUpload(key: string, contentType: string): PartUpload {
    return new PartUpload({
      client: this.client,
      bucket: this.bucket,
      key,
      contentType,
      ready: () => this.ensureBucket(),
      failed: (err) => {
        this.logger.warn({ bucket: this.bucket, key, err: (err as Error).message }, 'S3 upload failed');
        return err instanceof AppError ? err : dependencyUnavailable(this.what);
      },
    });
  }

  /** The object's size, or undefined when nothing is stored under the key. */
  async sizeOf(key: string): Promise<number | undefined> {
    try {
      const head = await this.call(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Removes the object (removing a missing one is fine). */
  async remove(key: string): Promise<void> {
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  private ensureBucket(): Promise<void> {
    this.ready ??= this.call(async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket })).catch((e: { name?: string }) => {
          // Another replica made it first.
          if (e.name !== 'BucketAlreadyOwnedByYou' && e.name !== 'BucketAlreadyExists') throw e;
        });
      }
    }).catch((err: unknown) => {
      this.ready = undefined; // the next call tries again
      throw err;
    });
    return this.ready;
  }

  /** An S3 call: a 404 passes through; anything else (down, slow, 5xx, denied) is a 503. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isNotFound(err)) throw err;
      this.logger.warn({ bucket: this.bucket, err: (err as Error).message }, 'S3 call failed');
      throw dependencyUnavailable(this.what);
    }
  }
}
