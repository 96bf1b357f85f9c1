import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from './fakes/s3-server';
import { client, createTestApp, loginAs, multipartFile, PNG_1X1, type TestApp } from './harness';

const BUCKET = 'reach-uploads';
const ACCESS_KEY = 'AKIAREACHTEST';
let s3: Awaited<ReturnType<typeof startFakeS3>>;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: BUCKET, accessKeyId: ACCESS_KEY });
  t = await createTestApp({
    demo: true,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: 'not-a-real-secret',
      S3_PUBLIC_URL: 'https://cdn.reach.example/uploads',
    },
  });
  token = await loginAs(t.app, 'pro@reach.local');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const uploadAvatar = (data: Buffer) => {
  const form = multipartFile('me.png', 'image/png', data);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/my/avatar',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
};

describe('S3-compatible storage (S3_BUCKET set)', () => {
  it('stores an avatar in the bucket, serves its URL from the public base, and deletes it', async () => {
    const before = s3.objects.size;
    const res = await uploadAvatar(PNG_1X1);
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json().avatar as string;
    expect(avatar.startsWith('https://cdn.reach.example/uploads/')).toBe(true);

    const key = decodeURIComponent(avatar.slice('https://cdn.reach.example/uploads/'.length));
    expect(s3.objects.size).toBe(before + 1);
    const stored = s3.objects.get(key);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.body.equals(PNG_1X1)).toBe(true);
    expect(stored?.cacheControl).toContain('immutable');

    const me = await client(t.app, token).get('/api/v1/my/user');
    expect(me.body.avatar).toBe(avatar);
    // The page may show images from the bucket's origin.
    expect(me.headers['content-security-policy']).toContain('https://cdn.reach.example');

    expect((await client(t.app, token).delete('/api/v1/my/avatar')).status).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
  });

  it('streams a campaign video to the bucket', async () => {
    const created = await client(t.app, token).post('/api/v1/campaigns', {
      type_id: 1,
      title: 'Bucket test',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The smallest file recognised as MP4 (an ftyp box and an empty mdat), padded to exercise streaming.
    const mp4 = Buffer.concat([
      Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
      Buffer.from('00100008', 'hex'),
      Buffer.from('mdat'),
      Buffer.alloc(0x100000),
    ]);
    const form = multipartFile('clip.mp4', 'video/mp4', mp4);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${created.body.id}/media`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().url as string;
    const stored = s3.objects.get(decodeURIComponent(url.slice('https://cdn.reach.example/uploads/'.length)));
    expect(stored?.contentType).toBe('video/mp4');
    expect(stored?.body.length).toBe(mp4.length);
  });

  it('stores nothing when the file is refused', async () => {
    const before = s3.objects.size;
    const res = await uploadAvatar(Buffer.from('plain text pretending to be a PNG'));
    expect(res.statusCode).toBe(400);
    expect(s3.objects.size).toBe(before);
  });
});
