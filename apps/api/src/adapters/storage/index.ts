import fs from 'node:fs/promises';
import path from 'node:path';

/** Stores uploaded files: local disk under DATA_DIR/uploads by default (served at /uploads). */
export type Storage = {
  kind: 'local';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores the contents of a local file (large uploads are spooled to disk first, never held in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Public URL of a stored key. */
  url(key: string): string;
};

export function createLocalStorage(root: string, baseUrl: string): Storage {
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async putFile(key, source) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.copyFile(source, file);
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url: (key) => `${baseUrl.replace(/\/$/, '')}/${key}`,
  };
}
