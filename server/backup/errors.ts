/** A backup or restore that cannot go ahead, with a message that says what to do; nothing was changed. */
export class BackupError extends Error {
  override name = 'BackupError'
}
