import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API (apps/api) serves these paths on the same origin in production; in dev Vite forwards them. */
const API_ORIGIN = 'http://127.0.0.1:3000';
const proxy = {
  '/api': API_ORIGIN,
  '/.well-known': API_ORIGIN,
  '/dev/mailbox': API_ORIGIN,
  '/uploads': API_ORIGIN,
};

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset, served as they are by the API's static handler.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(?:js|css|html|svg|json|txt)$/,
      threshold: 1024,
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry script.
    modulePreload: { polyfill: false },
    // Which chunks and styles each route's modules need, for scripts/prerender.mjs (which removes the file).
    manifest: true,
  },
});
