// npm run restore FILE: loads a backup made by npm run backup into the database the server is
// configured for (DATABASE_URL, or PGlite in DATA_DIR), which must hold no data; it refuses, changing
// nothing, otherwise. See docs/decisions/035-backups-export-and-account-deletion.md.
import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { describeTarget, restore, targetOf } from '../server/backup/backup'
import { runBackupCommand } from '../server/backup/command'
import { formatSize } from '../server/backup/files'
import { readConfig } from '../server/config'

const USAGE = 'Usage: npm run restore FILE'

async function main(args: readonly string[]): Promise<number> {
  const [file, ...rest] = args
  if (!file || file === '--help' || rest.length > 0) {
    console.error(USAGE)
    return file === '--help' ? 0 : 1
  }
  const target = targetOf(readConfig(process.env))
  const where = describeTarget(target)
  console.log(`Restoring ${resolve(file)} into ${where}…`)
  await restore(target, file)
  console.log(`Restored ${resolve(file)} (${formatSize(statSync(file).size)}) into ${where}.`)
  console.log(
    'Start the server (npm start): it brings the schema up to date if the backup is from an older release.',
  )
  return 0
}

runBackupCommand(main)
