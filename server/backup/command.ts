import { ConfigError } from '../config'
import { BackupError } from './errors'

/**
 * Runs `npm run backup` or `npm run restore` (scripts/): `main` with the
 * command's arguments, its answer the exit code. A backup or a setting that
 * cannot go ahead says its message alone; anything else is shown whole.
 */
export function runBackupCommand(main: (args: readonly string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      const known = error instanceof BackupError || error instanceof ConfigError
      console.error(known ? error.message : error)
      process.exitCode = 1
    },
  )
}
