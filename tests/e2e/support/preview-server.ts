import { type ChildProcess, spawn } from 'node:child_process'

export type PreviewServer = { url: string; stop: () => Promise<void> }

async function waitUntilUp(url: string, server: ChildProcess) {
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

/** A preview server of its own, for tests that must stop it (offline) or swap the build (updates). */
export async function startPreview(port: number, outDir = 'dist'): Promise<PreviewServer> {
  const url = `http://127.0.0.1:${port}`
  // A server left over from an interrupted run would answer in place of ours.
  const busy = await fetch(url).then(
    () => true,
    () => false,
  )
  if (busy) throw new Error(`Port ${port} is already serving; stop the old preview server first.`)
  const server = spawn(
    'node_modules/.bin/vite',
    ['preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { stdio: 'ignore' },
  )
  await waitUntilUp(url, server)
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve()
        server.once('exit', () => resolve())
        server.kill('SIGTERM')
      }),
  }
}
