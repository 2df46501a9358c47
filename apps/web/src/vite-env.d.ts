/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_API_KEY?: string;
}

/** The repository package.json's version, written in by the build (vite.config.ts: appVersionDefine). */
declare const __APP_VERSION__: string;

/** config/start-up's PUBLIC_PATHS, written in by the build for src/start-hint.ts (vite.config.ts: startUpDefine). */
declare const __PUBLIC_PATHS__: readonly string[];

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
