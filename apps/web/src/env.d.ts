/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of uploaded files (avatars, campaign media); relative paths from the API are resolved against it. */
  readonly VITE_STORAGE_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
