import { type ChangeEvent, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { messageFor } from '@/domain/errors'
import { DEFAULT_ACCENT, type Letterhead, savedLetterheadSchema } from '@/domain/settings'
import { Button } from '@/ui/button'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { FieldFrame } from '@/ui/field-frame'
import { FormAlert } from '@/ui/form-alert'
import { TextareaField } from '@/ui/textarea-field'
import { TextField } from '@/ui/text-field'
import { LetterheadPreview } from './letterhead-preview'
import { LOGO_ACCEPT, LOGO_MESSAGES, logoFileProblem, type Rasterise } from './logo-image'
import { useLetterheadWrites } from './use-letterhead'

type LetterheadFields = { nameBlock: string; accent: string }

type LetterheadFormProps = {
  userId: string
  saved: Letterhead | null
  rasterise: Rasterise
}

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : LOGO_MESSAGES.unreadable

/** The letterhead's logo, name block and accent colour, with a preview of the page's top. */
export function LetterheadForm({ userId, saved, rasterise }: LetterheadFormProps) {
  const writes = useLetterheadWrites(userId)
  const form = useForm<LetterheadFields>({
    defaultValues: { nameBlock: saved?.nameBlock ?? '', accent: saved?.accent ?? DEFAULT_ACCENT },
  })
  const [nameBlock, accent] = useWatch({ control: form.control, name: ['nameBlock', 'accent'] })
  // The logo is what the chosen file became, not a field value: kept apart from the form's fields.
  const [logo, setLogo] = useState<string | null>(saved?.logo ?? null)
  const [alert, setAlert] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [removing, setRemoving] = useState(false)

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    // Cleared, so choosing the same file again after fixing it is noticed.
    input.value = ''
    if (!file) return
    setAlert(null)
    const problem = logoFileProblem(file)
    if (problem) {
      setAlert(problem)
      return
    }
    setReading(true)
    try {
      setLogo(await rasterise(file))
    } catch (error) {
      setAlert(errorMessage(error))
    } finally {
      setReading(false)
    }
  }

  async function save(fields: LetterheadFields) {
    setAlert(null)
    const parsed = savedLetterheadSchema.safeParse({ ...fields, logo })
    if (!parsed.success) {
      setAlert(parsed.error.issues[0]?.message ?? LOGO_MESSAGES.unreadable)
      return
    }
    try {
      await writes.save(parsed.data)
      form.reset({ nameBlock: parsed.data.nameBlock, accent: parsed.data.accent })
      toast.success('Letterhead saved')
    } catch (error) {
      setAlert(messageFor(error, 'SETTINGS_NOT_SAVED'))
    }
  }

  async function remove() {
    setRemoving(true)
    try {
      await writes.remove()
      setLogo(null)
      form.reset({ nameBlock: '', accent: DEFAULT_ACCENT })
      toast.success('Letterhead removed')
    } catch (error) {
      setAlert(messageFor(error, 'SETTINGS_NOT_SAVED'))
    } finally {
      setRemoving(false)
      setConfirming(false)
    }
  }

  return (
    <form
      noValidate
      aria-label="Letterhead"
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <FormAlert message={alert} />
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Logo"
          type="file"
          accept={LOGO_ACCEPT}
          hint="PNG, JPEG or SVG, at most 500 KB. It is kept as a PNG of at most 600 × 200 pixels."
          disabled={reading}
          onChange={(event) => void chooseLogo(event)}
          className="min-w-0 flex-1"
        />
        {logo ? (
          <Button variant="secondary" onClick={() => setLogo(null)}>
            Remove Logo
          </Button>
        ) : null}
      </div>
      {reading ? <p role="status">Reading the logo…</p> : null}
      <TextareaField
        label="Name block"
        hint="Your firm's name on the first line, then its address, telephone and e-mail."
        rows={4}
        {...form.register('nameBlock')}
      />
      <FieldFrame
        label="Accent colour"
        hint="The firm's name and the rule under the letterhead are printed in it."
      >
        {(control) => (
          <input
            type="color"
            {...control}
            {...form.register('accent')}
            className="h-10 w-24 cursor-pointer rounded-md border border-ink-200 bg-white p-1 dark:border-ink-600 dark:bg-ink-900"
          />
        )}
      </FieldFrame>
      <LetterheadPreview logo={logo} nameBlock={nameBlock} accent={accent} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={reading || form.formState.isSubmitting}>
          Save Letterhead
        </Button>
        <Button variant="secondary" disabled={!saved} onClick={() => setConfirming(true)}>
          Remove Letterhead
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Remove your letterhead?"
          confirmLabel="Remove Letterhead"
          busy={removing}
          busyLabel="Removing…"
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          Your PDF and Word letters will be printed without it. The logo is removed from this
          device; to use it again you will choose the file again.
        </ConfirmDialog>
      ) : null}
    </form>
  )
}
