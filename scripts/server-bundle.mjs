// The server as `npm start` runs it (decision 042): server/main.ts and the app's modules it imports
// bundled by esbuild into one ES module, with its source map, and the migrations beside it (the
// server finds them next to its own file). Packages stay in node_modules: the bundle must sit inside
// the checkout to find them. Plain `node` then runs it, without tsx's loader and the second V8
// isolate that compiles TypeScript as modules load.
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

/** The bundle's file in its folder. */
export const SERVER_MAIN = 'main.mjs'

/** Writes the server into `outDir` (inside `root`); resolves to the file to run. */
export async function bundleServer({ root, outDir }) {
  const outfile = join(outDir, SERVER_MAIN)
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'server', 'main.ts')],
    tsconfig: join(root, 'tsconfig.json'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    outfile,
    logLevel: 'warning',
  })
  cpSync(join(root, 'server', 'db', 'migrations'), join(outDir, 'migrations'), { recursive: true })
  return outfile
}

/** Node's arguments to run a bundle: stack traces name the TypeScript sources' lines. */
export const serverNodeArgs = (main) => ['--enable-source-maps', main]
