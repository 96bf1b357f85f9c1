import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StoredObject = {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
};

/**
 * A local stand-in for an S3-compatible server, path-style (`/bucket/key`): PUT, GET and DELETE of objects.
 * It refuses requests that are not SigV4-signed with the expected access key or whose payload hash does not
 * match the body, so a test against it shows the real SDK signs and sends what S3 would accept.
 */
export async function startFakeS3(options: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, StoredObject>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [bucket, ...rest] = url.pathname.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const fail = (status: number, code: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
      );
    };
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('AWS4-HMAC-SHA256 ') || !auth.includes(`Credential=${options.accessKeyId}/`)) {
      return fail(403, 'InvalidAccessKeyId');
    }
    const declared = req.headers['x-amz-content-sha256'];
    if (
      declared !== 'UNSIGNED-PAYLOAD' &&
      declared !== crypto.createHash('sha256').update(body).digest('hex')
    ) {
      return fail(400, 'XAmzContentSHA256Mismatch');
    }
    if (bucket !== options.bucket) return fail(404, 'NoSuchBucket');
    if (req.method === 'PUT') {
      objects.set(key, {
        body,
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'],
      });
      res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return fail(404, 'NoSuchKey');
      res.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream' });
      return res.end(object.body);
    }
    return fail(405, 'MethodNotAllowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
