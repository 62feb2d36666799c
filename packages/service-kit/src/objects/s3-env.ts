import { z } from 'zod';

/**
 * The settings of a service's S3 bucket, to spread into its config schema: the server (versitygw
 * locally, MinIO in compose, S3 itself), the bucket (created at start when missing; tests get one
 * per test file) and the credentials.
 */
export const s3Env = (defaultBucket: string) => ({
  S3_URL: z.string().regex(/^https?:\/\/[^/]+/, 'must be an http(s):// URL'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .default(defaultBucket),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  S3_REGION: z.string().min(1).default('us-east-1'),
});

export interface S3Settings {
  S3_URL: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_REGION: string;
}
