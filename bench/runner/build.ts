import { spawn } from 'node:child_process'

export const OUT_DIR = '.bench-dist'

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/vite', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite ${args.join(' ')} exited with ${code}`)),
    )
  })
}

/**
 * The production build, as `npm run build` makes it but into its own folder,
 * then the harness page into its `bench/` folder: one origin for both.
 */
export async function buildForBench(): Promise<void> {
  const env = {
    ...process.env,
    ADMIN_SECRET: process.env.ADMIN_SECRET ?? 'bench-admin-secret',
    // Loading the runner through Vite set NODE_ENV=development, which would build React's development bundle.
    NODE_ENV: 'production',
  }
  await run(
    ['build', '--outDir', OUT_DIR, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
    env,
  )
  await run(['build', '--config', 'bench/harness/vite.config.ts'], env)
}
