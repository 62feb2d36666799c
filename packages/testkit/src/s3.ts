import { DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { s3ClientFor, type S3Access } from './infra/probes';
import { infraEnv } from './isolation';

/**
 * An S3 client for the suite's server (or `access`): its URL, keys and region, path-style
 * addressing (`<url>/<bucket>/<key>`, which local servers need). `client.destroy()` when done.
 */
export function s3Client(access: S3Access = infraEnv()): S3Client {
  return s3ClientFor(access);
}

/** Deletes every object in `bucket`, then the bucket; a bucket that does not exist is fine. */
export async function removeBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    for (;;) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) break;
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if ((err as { name?: string }).name !== 'NoSuchBucket') throw err;
  }
}
