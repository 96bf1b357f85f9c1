import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (helmet) with the content security policy of the web app. Uploads may live
 * on another origin (an S3 bucket or CDN, possibly plain http in development): `storageOrigin` is allowed for
 * images and media.
 */
export default fp(
  async (app: FastifyInstance, { storageOrigin }: { storageOrigin: string }) => {
    await app.register(helmet, {
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
  },
  { name: 'security-headers' },
);
