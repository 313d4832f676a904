// The server tests run on PostgreSQL too when TEST_DATABASE_URL is set (.ci/run sets it from this
// script). Prints, as the only line on stdout, the URL of a PostgreSQL where the tests may create and
// drop their own databases: TEST_DATABASE_URL when it answers, else one on 127.0.0.1 (port 5432, or
// ENSURE_POSTGRES_PORT), else Debian's postgresql package, installed and started when running as root
// with apt-get. Everything else goes to stderr.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import pg from 'pg'

const PORT = Number(process.env.ENSURE_POSTGRES_PORT ?? 5432)
const LOCAL_URL = `postgres://postgres@127.0.0.1:${PORT}/postgres`
// A role of our own for a cluster that wants a password over TCP (Debian's default), so nobody's
// existing password is changed. It can only be reached from this machine.
const TEST_ROLE = 'letterhead_test'
const TEST_ROLE_URL = (port) => `postgres://${TEST_ROLE}:${TEST_ROLE}@127.0.0.1:${port}/postgres`

const say = (message) => console.error(message)
// Child processes write to stderr too: stdout carries only the URL.
const quiet = {
  stdio: ['ignore', 2, 2],
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
}

/** Whether `url` answers and its role may create databases. */
async function usable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
  try {
    await client.connect()
    const { rows } = await client.query(
      'select rolsuper or rolcreatedb as can from pg_roles where rolname = current_user',
    )
    if (rows[0]?.can) return true
    say(`${redact(url)} answers, but its role may not create databases.`)
    return false
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')

function done(url) {
  console.log(url)
  process.exit(0)
}

if (process.env.TEST_DATABASE_URL) {
  if (await usable(process.env.TEST_DATABASE_URL)) done(process.env.TEST_DATABASE_URL)
  say(
    `TEST_DATABASE_URL (${redact(process.env.TEST_DATABASE_URL)}) does not answer; looking for a local PostgreSQL.`,
  )
}
if (await usable(LOCAL_URL)) done(LOCAL_URL)
if (await usable(TEST_ROLE_URL(PORT))) done(TEST_ROLE_URL(PORT))

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (isRoot && hasApt) {
  if (!existsSync('/usr/bin/pg_ctlcluster')) {
    say('PostgreSQL is missing: installing Debian’s postgresql package for the server tests…')
    execFileSync('apt-get', ['update', '-qq'], quiet)
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], quiet)
  }
  const url = await startCluster()
  if (url) done(url)
}

say(
  [
    `The server tests on PostgreSQL need a PostgreSQL server, and none answers on 127.0.0.1:${PORT}.`,
    'Install and start one (Debian: sudo apt-get install postgresql), or set TEST_DATABASE_URL to',
    'postgres://user:password@host:port/database of a role that may create databases, then run again.',
  ].join('\n'),
)
process.exit(1)

/**
 * Starts the Debian cluster on our port (or, with the port left to its default, the newest one
 * there is, as a fresh install may have put it on 5433), creating one if there is none, and makes
 * sure the tests can sign in to it over TCP. Resolves to its URL, or null.
 */
async function startCluster() {
  const clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [version, name, port, status] = line.trim().split(/\s+/)
      return { version, name, port: Number(port), online: status.startsWith('online') }
    })
  let cluster = clusters.find((candidate) => candidate.port === PORT)
  if (!cluster && process.env.ENSURE_POSTGRES_PORT === undefined) cluster = clusters.at(-1)
  if (!cluster && clusters.length === 0) {
    const version = readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(a) - Number(b))
      .at(-1)
    say(`Creating PostgreSQL ${version} cluster main…`)
    execFileSync('pg_createcluster', [version, 'main', '--port', String(PORT)], quiet)
    cluster = { version, name: 'main', port: PORT, online: false }
  }
  if (!cluster) return null
  if (!cluster.online) {
    say(`Starting PostgreSQL ${cluster.version}/${cluster.name} on port ${cluster.port}…`)
    execFileSync(
      'pg_ctlcluster',
      ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start'],
      quiet,
    )
  }
  const trusted = `postgres://postgres@127.0.0.1:${cluster.port}/postgres`
  if (await usable(trusted)) return trusted
  // Over the local socket the postgres OS user is its own superuser (peer authentication).
  const sql = `do $$ begin
    if not exists (select from pg_roles where rolname = '${TEST_ROLE}') then
      create role ${TEST_ROLE} login superuser;
    end if;
    alter role ${TEST_ROLE} login superuser password '${TEST_ROLE}';
  end $$`
  execFileSync(
    'runuser',
    ['-u', 'postgres', '--', 'psql', '-p', String(cluster.port), '-qAtc', sql],
    { ...quiet, cwd: '/' },
  )
  const withPassword = TEST_ROLE_URL(cluster.port)
  return (await usable(withPassword)) ? withPassword : null
}
