/// <reference types="vite/client" />

type ImportMetaEnv = {
  readonly VITE_DIAGNOSTICS?: string
}
