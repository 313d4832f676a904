/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

type ImportMetaEnv = {
  readonly VITE_DIAGNOSTICS?: string
}

/** The version and build time, set by vite.config.ts. */
declare const __APP_VERSION__: string
