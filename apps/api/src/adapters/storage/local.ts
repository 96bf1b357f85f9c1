import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './index';

/**
 * The embedded default: files under DATA_DIR/uploads, served by the api at /uploads; `baseUrl` is `/uploads`, so
 * the URLs are root-relative and independent of PUBLIC_URL and of the host the page was opened under.
 */
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
    // A value that is already a URL (absolute, or under /uploads/) is kept as it is: rows written before the
    // URLs became host-independent stay readable.
    url: (key) =>
      /^(?:https?:)?\/\//i.test(key) || key.startsWith('/') ? key : `${baseUrl.replace(/\/$/, '')}/${key}`,
  };
}
