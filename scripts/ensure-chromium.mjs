// Browser tests drive the system Chromium; this finds it, or installs Debian's package when it can.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const candidates = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean)
const found = () => candidates.find((path) => existsSync(path))

if (found()) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (isRoot && hasApt) {
  console.log('Chromium is missing: installing Debian’s chromium package for the browser tests…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env,
  })
  if (found()) process.exit(0)
}

console.error(
  [
    'The browser tests need Chromium and none was found.',
    'Install it with:  sudo apt-get install chromium',
    'or point CHROME_PATH at a Chromium or Chrome binary, then run the tests again.',
  ].join('\n'),
)
process.exit(1)
