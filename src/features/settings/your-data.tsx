import { useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { accountExportFileName } from '@/domain/account-data'
import { messageFor } from '@/domain/errors'
import { saveFile } from '@/lib/save-file'
import { Button } from '@/ui/button'
import { DeleteAccountDialog } from './delete-account-dialog'

/** Download My Data and Delete Account (decision 035). */
export function YourData({ onAccountDeleted }: { onAccountDeleted: () => void }) {
  const repository = useRepository()
  const [downloading, setDownloading] = useState(false)
  const [deleting, setDeleting] = useState(false)

  async function download() {
    setDownloading(true)
    try {
      const data = await repository.account.exportData()
      const name = accountExportFileName(new Date(data.exportedAt))
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name)
      toast.success(`Your data was downloaded as ${name}.`)
    } catch (error) {
      toast.error(messageFor(error, 'SERVER_ERROR'))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <>
      <p className="text-sm text-ink-600 dark:text-ink-300">
        Download everything your account holds as one JSON file: your profile, letters with their
        earlier versions, settings, purchases and credits, and any commissions. No password or key
        is in it.
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <Button
          variant="secondary"
          disabled={downloading}
          aria-busy={downloading}
          onClick={() => void download()}
        >
          Download My Data
        </Button>
        <Button variant="secondary" onClick={() => setDeleting(true)}>
          Delete Account
        </Button>
      </div>
      {deleting ? (
        <DeleteAccountDialog onCancel={() => setDeleting(false)} onDeleted={onAccountDeleted} />
      ) : null}
    </>
  )
}
