import fs from 'node:fs';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Storage } from './index';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, …); AWS when absent. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Base URL the stored objects are read from (a CDN or the bucket's public URL). */
  publicUrl?: string | undefined;
};

/** Uploads to an S3-compatible bucket; objects are public-read through `publicUrl` (avatars, campaign media). */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    // Plain checksums only when S3 requires one: S3-compatible servers often refuse the newer aws-chunked
    // uploads with trailing checksums that the SDK would otherwise send for streamed files.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Path-style addressing is what S3-compatible servers understand; AWS accepts both.
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const base = (
    options.publicUrl ??
    (options.endpoint
      ? `${options.endpoint.replace(/\/$/, '')}/${options.bucket}`
      : `https://${options.bucket}.s3.${options.region}.amazonaws.com`)
  ).replace(/\/$/, '');
  const put = (key: string, body: Buffer | fs.ReadStream, contentType: string, length: number) =>
    client.send(
      new PutObjectCommand({
        Bucket: options.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: length,
        // Keys are content-addressed or random: an object never changes once written.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  return {
    kind: 's3',
    async put(key, data, contentType) {
      await put(key, data, contentType, data.length);
    },
    async putFile(key, file, contentType) {
      const { size } = await fs.promises.stat(file);
      await put(key, fs.createReadStream(file), contentType, size);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    url: (key) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`,
  };
}
