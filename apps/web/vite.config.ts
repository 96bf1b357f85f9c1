import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API (apps/api) serves these paths on the same origin in production; in dev Vite forwards them. */
const API_ORIGIN = 'http://127.0.0.1:3000';
const proxy = {
  '/api': API_ORIGIN,
  '/.well-known': API_ORIGIN,
  '/dev/mailbox': API_ORIGIN,
  '/uploads': API_ORIGIN,
};

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
