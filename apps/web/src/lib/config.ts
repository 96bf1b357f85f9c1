/** Every API path of the spec lives under this prefix on the same origin (DESIGN.md §5). */
export const API_BASE = '/api/v1';

/** Where the storage adapter serves uploads; `avatar` and media paths from the API are relative to it. */
export const STORAGE_BASE_URL = (import.meta.env.VITE_STORAGE_BASE_URL ?? '/uploads').replace(/\/$/, '');

/**
 * Resolves a stored file path to a URL; URLs pass through: absolute ones (an S3 bucket or CDN) and the
 * root-relative `/uploads/…` ones the API gives for local storage (host-independent).
 */
export function storageUrl(path: string): string {
  return /^(https?:)?\/\//.test(path) || path.startsWith('/') ? path : `${STORAGE_BASE_URL}/${path}`;
}
