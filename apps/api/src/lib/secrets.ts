import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret from the environment, or, with dev tools on, from a file under DATA_DIR/keys that is
 * generated on the first start. Otherwise the value must come from the environment: a key lying in a data
 * directory is easily copied or lost with it, and a server that quietly made its own would hide the omission.
 */
export function secretFromEnvOrFile(options: {
  value: string | undefined;
  dataDir: string;
  file: string;
  /** DEV_TOOLS: whether the secret may be generated into DATA_DIR/keys. */
  mayGenerate: boolean;
  envName: string;
  generate: () => string;
}): string {
  if (options.value) return options.value;
  if (!options.mayGenerate)
    throw new Error(
      `${options.envName} must be set (secrets are generated into DATA_DIR/keys only with DEV_TOOLS=1).`,
    );
  const dir = path.join(options.dataDir, 'keys');
  const file = path.join(dir, options.file);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const generated = options.generate();
  fs.writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** AES-256-GCM for provider tokens kept server-side (e.g. the Facebook access token). */
export function createCipher(secret: string) {
  const key = crypto.createHash('sha256').update(secret).digest();
  return {
    encrypt(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    decrypt(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body) throw new Error('Malformed sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
export type Cipher = ReturnType<typeof createCipher>;
