import type { Config } from '../../config';
import { createLocalStorage } from './local';

/**
 * Stores uploaded files: local disk under DATA_DIR/uploads by default (served at /uploads), or an
 * S3-compatible bucket when S3_BUCKET is set. Keys are relative paths such as `avatars/12/ab.png`.
 */
export type Storage = {
  kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores the contents of a local file (large uploads are spooled to disk first, never held in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Public URL of a stored key: root-relative (`/uploads/…`) on local disk, so it works under whatever host name
   * the app is opened (the files are served by the same server as the page); the bucket's public URL on S3.
   */
  url(key: string): string;
};

/** The S3 adapter (and the AWS SDK, ~20 MB resident) is loaded only when a bucket is configured. */
export async function createStorage(config: Config, uploadsDir: string): Promise<Storage> {
  if (config.S3_BUCKET) {
    const { createS3Storage } = await import('./s3');
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(uploadsDir, '/uploads');
}
