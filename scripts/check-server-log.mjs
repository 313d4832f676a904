// Fails when any secret a server test used (passwords, admin secrets, session
// tokens, letter text) appears in the log that test run wrote: the server's
// logs must never carry them, whatever the level.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const DIR = join('test-artifacts', 'server-log')

const runs = existsSync(DIR)
  ? readdirSync(DIR)
      .filter((name) => name.endsWith('.log'))
      .map((name) => name.slice(0, -'.log'.length))
  : []
if (runs.length === 0) {
  console.error(`No server test log in ${DIR}: run npm run test:server first.`)
  process.exit(1)
}

let failed = false
for (const run of runs) {
  const log = readFileSync(join(DIR, `${run}.log`), 'utf8')
  const secretsPath = join(DIR, `${run}.secrets`)
  const secrets = existsSync(secretsPath)
    ? [
        ...new Set(
          readFileSync(secretsPath, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line)),
        ),
      ]
    : []
  const lines = log.split('\n').filter(Boolean).length
  if (lines === 0 || secrets.length === 0) {
    console.error(
      `The ${run} server test run left ${lines} log lines and ${secrets.length} secrets: nothing to check.`,
    )
    failed = true
    continue
  }
  const found = secrets.filter((secret) => log.includes(secret))
  if (found.length > 0) {
    console.error(
      `The ${run} server log contains ${found.length} of the ${secrets.length} secrets the tests used.`,
    )
    failed = true
  } else {
    console.log(
      `The ${run} server log (${lines} lines) contains none of the ${secrets.length} secrets the tests used.`,
    )
  }
}
process.exit(failed ? 1 : 0)
