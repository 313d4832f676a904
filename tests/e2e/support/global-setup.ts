import { type ChildProcess, spawn } from 'node:child_process'
import type { TestProject } from 'vitest/node'

/** Overridable so two runs on one machine do not collide. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 4317)
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist'

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`vite preview exited with code ${server.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`vite preview did not answer at ${url}`)
}

/** Serves the production build for the whole browser test run. */
export default async function setup(project: TestProject) {
  const baseUrl = `http://127.0.0.1:${E2E_PORT}`
  const server = spawn(
    'node_modules/.bin/vite',
    [
      'preview',
      '--outDir',
      OUT_DIR,
      '--host',
      '127.0.0.1',
      '--port',
      String(E2E_PORT),
      '--strictPort',
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  await waitForServer(baseUrl, server)
  project.provide('baseUrl', baseUrl)
  return () => {
    server.kill('SIGTERM')
  }
}

declare module 'vitest' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string
  }
}
