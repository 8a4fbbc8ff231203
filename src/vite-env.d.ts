/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Full API base URL (e.g. https://api.example.com/api); wins over every other rule. */
  readonly VITE_API_URL?: string;
  /** 'derive' switches to the spec's host rule: the page host with '-api' appended to its first label. */
  readonly VITE_API_HOST_RULE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
