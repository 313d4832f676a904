import { buildApp } from './app'
import { ConfigError, readConfig } from './config'
import { DataDirInUse } from './db/data-dir-lock'
import { openDatabase } from './db/database'
import { mailWarning } from './mail/mailer'

/** Reads the configuration, opens and migrates the database, listens, and closes cleanly on a signal. */
async function main() {
  const config = readConfig(process.env)
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  )
  const app = await buildApp({ config, database })
  app.addHook('onClose', () => database.close())
  if (config.usesDevelopmentAdminSecret) {
    app.log.warn(
      'ADMIN_SECRET is not set: admin sign-up accepts the development secret from the README. Set ADMIN_SECRET for real users.',
    )
  }
  const noMail = mailWarning(config)
  if (noMail) app.log.warn(noMail)

  let closing = false
  const shutDown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    // close() stops accepting, waits for requests in flight, then runs onClose (the database).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  // A second signal (Ctrl-C pressed twice, a tool that signals the whole tree) must not cut the
  // shutdown short: requests in flight still get their answers and the database still closes.
  process.on('SIGTERM', () => shutDown('SIGTERM'))
  process.on('SIGINT', () => shutDown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    { database: database.kind, staticDir: config.staticDir },
    `Letterhead is serving http://${config.host}:${config.port}`,
  )
}

main().catch((error: unknown) => {
  // A bad setting is one clear line, not a stack trace.
  if (error instanceof ConfigError || error instanceof DataDirInUse) console.error(error.message)
  else console.error('Letterhead could not start:', error)
  process.exit(1)
})
