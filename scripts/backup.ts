// npm run backup [-- --out FILE]: writes a consistent copy of the database the server is configured
// for (DATABASE_URL, or PGlite in DATA_DIR) to FILE, by default ./backups/letterhead-KIND-TIME.EXT.
// See docs/decisions/035-backups-export-and-account-deletion.md.
import { backUp, describeTarget, targetOf } from '../server/backup/backup'
import { runBackupCommand } from '../server/backup/command'
import { formatSize } from '../server/backup/files'
import { readConfig } from '../server/config'

const USAGE = 'Usage: npm run backup [-- --out FILE]'

async function main(args: readonly string[]): Promise<number> {
  if (args.includes('--help')) {
    console.log(USAGE)
    return 0
  }
  const outAt = args.indexOf('--out')
  const path = outAt === -1 ? undefined : args[outAt + 1]
  if ((outAt !== -1 && !path) || args.length !== (outAt === -1 ? 0 : 2)) {
    console.error(USAGE)
    return 1
  }
  const target = targetOf(readConfig(process.env))
  console.log(`Backing up ${describeTarget(target)}…`)
  const written = await backUp(target, { path })
  console.log(`Backup written to ${written.path} (${formatSize(written.bytes)}).`)
  console.log('It holds password hashes and every letter: keep it where only you can read it.')
  return 0
}

runBackupCommand(main)
