import crypto from 'node:crypto';

/*
 * The checks of Meta's webhook calls, pure: a delivery's X-Hub-Signature-256 header against the raw body, and
 * the verification handshake's hub.verify_token against the configured token. Both compare in constant time.
 */

/** `sha256=<hex>` of the raw body with the app secret, compared in constant time. */
export function validSignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!hex) return false;
  const given = Buffer.from(hex, 'hex');
  const expected = crypto.createHmac('sha256', secret).update(raw).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The handshake's token equals the configured one (none configured: never), compared in constant time. */
export function validVerifyToken(given: string, expected: string | undefined): boolean {
  return (
    !!expected &&
    given.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}
