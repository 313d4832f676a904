import { rmSync } from 'node:fs'
import { logFile, secretsFile } from './test-log'

/** Each run starts its own log and list of secrets (one pair per database kind). */
export default function setup() {
  rmSync(logFile(), { force: true })
  rmSync(secretsFile(), { force: true })
}
