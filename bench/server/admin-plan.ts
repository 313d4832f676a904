// The admin bench's settings, from its arguments.
import { type DemoSizes, demoSizes, DEMO_SIZE_NAMES, parseDemoArgs } from '../../server/demo/sizes'
import type { ReadPlan } from './admin-reads'
import type { DatabaseLabel } from './results'

const USAGE = `npm run bench:admin [-- --quick] [-- --only=pglite|postgres] [-- --letters=N --users=N --subscriptions=N …]
  (the same as npm run bench:server -- --part=admin …)
  --quick     20,000 letters and fewer runs, to check the bench itself (writes bench/results.admin.quick.json)
  --only      one database
  --letters, --users, --subscriptions, --employees, --messages, --errors
              what to seed (default 1,000,000 letters, 100,000 customers, 200,000 purchases)`

export type AdminPlan = {
  quick: boolean
  databases: DatabaseLabel[]
  sizes: DemoSizes
  reads: ReadPlan
  buyers: number
  checkout: { warmUpSeconds: number; seconds: number }
}

const FULL_SIZES = { letters: 1_000_000, users: 100_000, subscriptions: 200_000 }
const QUICK_SIZES = { letters: 20_000 }

export function parseAdminArgs(args: readonly string[]): AdminPlan {
  let quick = false
  let databases: DatabaseLabel[] = ['PostgreSQL', 'PGlite']
  const sizeArgs: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ''
    if (arg === '--part=admin') continue
    else if (arg === '--quick') quick = true
    else if (arg === '--only=pglite') databases = ['PGlite']
    else if (arg === '--only=postgres') databases = ['PostgreSQL']
    else if (DEMO_SIZE_NAMES.some((name) => arg.startsWith(`--${name}`))) {
      sizeArgs.push(arg)
      if (!arg.includes('=')) sizeArgs.push(args[++index] ?? '')
    } else throw new Error(`Unknown argument ${arg}\n${USAGE}`)
  }
  const given = parseDemoArgs(sizeArgs)
  return {
    quick,
    databases,
    sizes: demoSizes(Object.keys(given).length > 0 ? given : quick ? QUICK_SIZES : FULL_SIZES),
    reads: quick ? { warmUp: 3, runs: 20 } : { warmUp: 5, runs: 50 },
    buyers: 20,
    checkout: quick ? { warmUpSeconds: 0.5, seconds: 3 } : { warmUpSeconds: 2, seconds: 10 },
  }
}
