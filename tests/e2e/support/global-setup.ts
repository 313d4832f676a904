import type { TestProject } from 'vitest/node'
import { startPreview } from './preview-server'

/** Overridable so two runs on one machine do not collide. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 4317)
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist'

/** Serves the production build for the whole browser test run. */
export default async function setup(project: TestProject) {
  const server = await startPreview(E2E_PORT, OUT_DIR)
  project.provide('baseUrl', server.url)
  return () => server.stop()
}

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string
  }
}
