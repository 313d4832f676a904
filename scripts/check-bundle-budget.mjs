// Fails when a production build's entry chunk or a route's chunk grows past
// its gzip limit in bundle-budget.json. Reads the build's Vite manifest
// (`npm run build` writes dist/.vite/manifest.json); usage:
//   node scripts/check-bundle-budget.mjs [build folder, default dist]
//
// "entry" is the entry chunk with every chunk it imports statically: what
// every page loads first. "landing" adds the landing page's own start
// (src/app/landing/start-landing.tsx): what a visitor's first look at `/`
// loads. "app" adds the app's start (src/app/start-app.tsx, the router and
// the data layer): what any other page loads before its route. A route is
// its split chunk with the chunks it imports statically that "app" does not
// already bring: what opening that route adds.
import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const dir = process.argv[2] ?? 'dist'
const manifestPath = `${dir}/.vite/manifest.json`
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build\` first.`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const budget = JSON.parse(readFileSync('bundle-budget.json', 'utf8'))

function withStaticImports(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen)
  return seen
}

const gzipKb = (keys) =>
  [...keys].reduce(
    (sum, key) => sum + gzipSync(readFileSync(`${dir}/${manifest[key].file}`), { level: 9 }).length,
    0,
  ) / 1024

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey) {
  console.error(`${manifestPath} names no entry chunk.`)
  process.exit(1)
}
const entry = withStaticImports(entryKey)
const START = { landing: 'src/app/landing/start-landing.tsx', app: 'src/app/start-app.tsx' }
for (const [name, key] of Object.entries(START)) {
  if (!manifest[key]) {
    console.error(`${manifestPath} has no chunk for ${key} (the ${name} start).`)
    process.exit(1)
  }
}
const landing = withStaticImports(START.landing, new Set(entry))
const app = withStaticImports(START.app, new Set(entry))
const measured = [
  { name: 'entry', kb: gzipKb(entry), limit: budget.entry },
  { name: 'landing (entry + landing start)', kb: gzipKb(landing), limit: budget.landing },
  { name: 'app (entry + app start)', kb: gzipKb(app), limit: budget.app },
]

const ROUTE = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/
for (const key of Object.keys(manifest).sort()) {
  const name = ROUTE.exec(key)?.[1]
  if (!name) continue
  const added = [...withStaticImports(key)].filter((chunk) => !app.has(chunk))
  measured.push({ name: `route ${name}`, kb: gzipKb(added), limit: budget.routes?.[name] })
}

const failures = []
for (const { name, kb, limit } of measured) {
  const verdict =
    limit === undefined
      ? 'no limit set'
      : kb > limit
        ? `OVER by ${(kb - limit).toFixed(1)} KB`
        : 'ok'
  console.log(
    `${name.padEnd(34)} ${kb.toFixed(1).padStart(7)} KB gzip  limit ${String(limit ?? '—').padStart(5)} KB  ${verdict}`,
  )
  if (verdict !== 'ok') failures.push(`${name}: ${verdict}`)
}
const stale = Object.keys(budget.routes ?? {}).filter(
  (name) => !measured.some((item) => item.name === `route ${name}`),
)
for (const name of stale) failures.push(`route ${name}: in bundle-budget.json but not in the build`)

if (failures.length > 0) {
  console.error(`\nBundle budget failed:\n  ${failures.join('\n  ')}`)
  console.error(
    'Shrink the chunk, or raise its limit in bundle-budget.json if the growth is wanted.',
  )
  process.exit(1)
}
console.log('\nBundle budget: every chunk within its limit.')
