// Objects in S3: a service's bucket (made at start), presigned URLs, uploads streamed in parts.
export { ObjectBucket } from './src/objects/object-bucket';
export { s3Env, type S3Settings } from './src/objects/s3-env';
export type { PartUpload } from './src/objects/part-upload';
