// npm run seed:demo: adds demo data to the database the server is configured for (DATABASE_URL, or
// PGlite in DATA_DIR), as `npm start` and `npm run server` would open it. See DEMO_USAGE.
import * as words from '@/data/demo-words'
import { ConfigError, readConfig } from '../server/config'
import { DataDirInUse } from '../server/db/data-dir-lock'
import { openDatabase } from '../server/db/database'
import { DEMO_PASSWORD, type SeedProgress, seedDemo } from '../server/demo/seed'
import { DEMO_USAGE, DemoSizeError, demoSizes, parseDemoArgs } from '../server/demo/sizes'

const number = (value: number) => value.toLocaleString('en-US')

/** At most a line every two seconds a stage, and one when it is done. */
function progressPrinter() {
  let last = 0
  let startedAt = performance.now()
  return ({ stage, done, total }: SeedProgress) => {
    const now = performance.now()
    if (done === 0) {
      startedAt = now
      return
    }
    if (done !== total && now - last < 2000) return
    last = now
    const seconds = ((now - startedAt) / 1000).toFixed(1)
    const share = total === 0 ? 100 : Math.floor((done / total) * 100)
    console.log(`  ${stage}: ${number(done)} of ${number(total)} (${share}%), ${seconds} s`)
  }
}

async function main(args: readonly string[]): Promise<number> {
  if (args.includes('--help')) {
    console.log(DEMO_USAGE)
    return 0
  }
  const sizes = demoSizes(parseDemoArgs(args))
  const config = readConfig(process.env)
  // Host and database name only: the URL may hold a password.
  const url = config.databaseUrl ? new URL(config.databaseUrl) : null
  const where = url
    ? `PostgreSQL (DATABASE_URL, ${url.host}${url.pathname})`
    : `PGlite in ${config.dataDir}`
  console.log(`Adding demo data to ${where}:`)
  const of = (value: number, noun: string) => `${number(value)} ${noun}${value === 1 ? '' : 's'}`
  console.log(
    `  ${[
      of(sizes.users, 'customer'),
      of(sizes.employees, 'employee'),
      of(sizes.subscriptions, 'purchase'),
      of(sizes.letters, 'letter'),
      of(sizes.messages, 'contact message'),
      of(sizes.errors, 'error report'),
    ].join(', ')}`,
  )
  const started = performance.now()
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  )
  try {
    const result = await seedDemo(database.db, { sizes, words, onProgress: progressPrinter() })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`Done in ${seconds} s (run tag ${result.tag}; a second run adds as much again).`)
    console.log(`Every demo account's password is: ${DEMO_PASSWORD}`)
    console.log(
      `  admin:    ${result.admin.email}${result.admin.created ? '' : ' (there already; its password is as it was)'}`,
    )
    if (result.employee)
      console.log(`  employee: ${result.employee.email} (coupon ${result.employee.couponCode})`)
    if (result.customer) console.log(`  customer: ${result.customer}`)
    return 0
  } finally {
    await database.close()
  }
}

/** What the database said, without the statement's parameters (thousands of values a batch). */
function databaseError(error: unknown): unknown {
  const cause: unknown = error instanceof Error ? error.cause : undefined
  return cause instanceof Error ? `${cause.message}\n${cause.stack ?? ''}` : error
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    // A bad argument or setting, or a data directory in use, is one clear line.
    const known = [DemoSizeError, ConfigError, DataDirInUse].some((kind) => error instanceof kind)
    if (known && error instanceof Error) console.error(error.message)
    else console.error('The demo seed failed:', databaseError(error))
    process.exitCode = 1
  },
)
