import { useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { messageFor } from '@/domain/errors'
import { CONTENT_MAX } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextareaField } from '@/ui/textarea-field'
import { useUnsavedGuard } from './use-unsaved-guard'

type LetterTextEditorProps = {
  letter: Letter
  onDone: () => void
  /** Text to start from instead of the letter's, such as a change the server refused. */
  initialText?: string
  /** After the text is saved, before `onDone`. */
  onSaved?: () => void
}

export function LetterTextEditor({ letter, onDone, initialText, onSaved }: LetterTextEditorProps) {
  const repository = useRepository()
  const [text, setText] = useState(initialText ?? letter.content)
  const [alert, setAlert] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const dirty = text !== letter.content && !saving
  useUnsavedGuard(dirty)

  async function save() {
    setAlert(null)
    setSaving(true)
    try {
      await repository.letters.editContent(letter.id, text)
      onSaved?.()
      toast.success('Letter saved. The earlier text is kept under Previous versions.')
      onDone()
    } catch (error) {
      setAlert(messageFor(error, 'INVALID_INPUT'))
      setSaving(false)
    }
  }

  return (
    <form
      aria-label="Edit letter text"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <FormAlert message={alert} />
      <TextareaField
        label="Letter text"
        value={text}
        limit={CONTENT_MAX}
        onChange={(event) => setText(event.target.value)}
        rows={24}
        className="font-serif"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          Save Changes
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
