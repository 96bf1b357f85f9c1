import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet) with the content security policy of the web app. Uploads may live
 * on another origin (an S3 bucket or CDN, possibly plain http in development): `storageOrigin` is allowed for
 * images and media.
 *
 * helmet's middleware is built once, with its directives parsed once: @fastify/helmet built it again for every
 * request (about 0.3 ms of CPU each); the headers are the same. With this configuration they are the same for
 * every request too (no nonce, nothing read from the request): the middleware runs once, on a recording
 * response, and each answer gets the recorded headers (helmet's chain of a dozen middlewares cost ~20 µs of CPU
 * per request under load).
 */
export default fp(
  async (app: FastifyInstance, { storageOrigin }: { storageOrigin: string }) => {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Stripe.js tokenises cards in the browser when Stripe is configured (its iframes and API calls).
          scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
          frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', storageOrigin],
          mediaSrc: ["'self'", 'blob:', 'https:', storageOrigin],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          fontSrc: ["'self'", 'data:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
        },
      },
    });
    // helmet sets them on the raw response and calls back at once (it throws rather than pass an error on).
    const set: [string, string | number | readonly string[]][] = [];
    const removed: string[] = [];
    const recorder = {
      setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, value]),
      removeHeader: (name: string) => removed.push(name),
    };
    setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
    app.addHook('onRequest', (_request, reply, done) => {
      const res = reply.raw;
      for (const [name, value] of set) res.setHeader(name, value);
      for (const name of removed) res.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
