import { type ChangeEvent, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { BACKUP_ERRORS } from '@/domain/backup-schema'
import { messageFor } from '@/domain/errors'
import { saveFile } from '@/lib/save-file'
import { Button } from '@/ui/button'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { FormAlert } from '@/ui/form-alert'

export function ExportBackupButton() {
  const repository = useRepository()
  async function exportBackup() {
    try {
      const backup = await repository.backup.exportAll()
      const blob = new Blob([JSON.stringify(backup, null, 2)], { type: 'application/json' })
      saveFile(blob, `letterhead-backup-${backup.exportedAt.slice(0, 10)}.json`)
      toast.success(
        'Backup downloaded. Keep it somewhere safe: it holds every letter on this device.',
      )
    } catch (error) {
      toast.error(messageFor(error, 'INVALID_INPUT'))
    }
  }
  return <Button onClick={() => void exportBackup()}>Export Backup</Button>
}

/** Reads a backup file, asks before replacing everything, then restores it whole or not at all. */
export function ImportBackupButton({ onImported }: { onImported?: () => void }) {
  const repository = useRepository()
  const input = useRef<HTMLInputElement>(null)
  const [pending, setPending] = useState<{ name: string; data: unknown } | null>(null)
  const [alert, setAlert] = useState<string | null>(null)

  async function read(event: ChangeEvent<HTMLInputElement>) {
    setAlert(null)
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    try {
      setPending({ name: file.name, data: JSON.parse(await file.text()) as unknown })
    } catch {
      setAlert(BACKUP_ERRORS.notJson)
    }
  }

  async function restore() {
    if (!pending) return
    const data = pending.data
    setPending(null)
    try {
      const { rows } = await repository.backup.importAll(data)
      toast.success(`Backup restored: ${rows} records.`)
      onImported?.()
    } catch (error) {
      setAlert(messageFor(error, 'INVALID_INPUT'))
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <FormAlert message={alert} />
      <div>
        <Button variant="secondary" onClick={() => input.current?.click()}>
          Import Backup
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          aria-label="Backup file"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => void read(event)}
        />
      </div>
      {pending ? (
        <ConfirmDialog
          title="Replace everything on this device?"
          confirmLabel="Replace and Restore"
          onConfirm={() => void restore()}
          onCancel={() => setPending(null)}
        >
          Restoring {pending.name} replaces every account, letter and purchase on this device with
          the ones in the backup. This cannot be undone; export a backup first if you may need
          today’s data.
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
