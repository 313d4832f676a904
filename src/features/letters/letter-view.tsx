import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { useRepository } from '@/data/repository-context'
import { useLive } from '@/data/use-live'
import { formatDateTime } from '@/lib/format-date'
import { Button, buttonClass } from '@/ui/button'
import { DownloadMenu } from './download-menu'
import { engineLabel } from './generator/write-letter'
import { LetterAnswersEditor } from './letter-answers-editor'
import { LetterFingerprint } from './letter-fingerprint'
import { LetterPaper } from './letter-paper'
import { EditedElsewhereNote, SyncIssueNotice } from './letter-sync-notes'
import { LetterTextEditor } from './letter-text-editor'
import { LetterVersions } from './letter-versions'
import { replyStatusOf } from './reply/reply-status'
import { ReplyTrackingSection } from './reply/reply-tracking-section'
import { useToday } from './reply/use-today'
import { StatusBadge } from './status-badge'
import { UntracedFactsNotice, useUntracedFacts } from './untraced-facts-notice'

type Mode = 'read' | 'edit' | 'answers'

export function LetterView({ letterId }: { letterId: string }) {
  const { sync } = useRepository()
  const live = useLive((repository) => repository.letters.get(letterId), `letter:${letterId}`)
  const [mode, setMode] = useState<Mode>('read')
  /** Text the editor opens with instead of the letter's: a change the server refused. */
  const [keptText, setKeptText] = useState<string | null>(null)
  const today = useToday()
  const untraced = useUntracedFacts(live.data)

  if (live.status === 'loading')
    return <p className="text-ink-500 dark:text-ink-300">Opening the letter…</p>
  if (live.status === 'error') return <p role="alert">This letter could not be opened.</p>
  const letter = live.data
  const ready = letter.status === 'completed'
  const reply = replyStatusOf(letter, today)
  const read = () => {
    setKeptText(null)
    setMode('read')
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/app" search={{ tab: 'letters' }} className={buttonClass('ghost')}>
          <ArrowLeft aria-hidden className="size-4" />
          My Letters
        </Link>
        {/* Before the Download button, so it is read before the letter goes out. */}
        {ready && mode === 'read' && untraced.length > 0 ? (
          <UntracedFactsNotice facts={untraced} />
        ) : null}
        {ready && mode === 'read' ? (
          <div className="ml-auto flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setMode('edit')}>
              Edit Text
            </Button>
            <Button variant="secondary" onClick={() => setMode('answers')}>
              Change Answers
            </Button>
            <DownloadMenu letter={letter} />
          </div>
        ) : null}
      </div>
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold wrap-anywhere">{letter.matter}</h2>
        <StatusBadge status={letter.status} />
        <p className="w-full text-sm text-ink-600 dark:text-ink-300">
          {letter.type} to <bdi>{letter.recipientName}</bdi> · created{' '}
          {formatDateTime(letter.createdAt)}
          {ready && letter.generator ? ` · drafted by ${engineLabel(letter.generator)}` : null}
        </p>
      </header>
      {letter.editedElsewhereAt ? <EditedElsewhereNote at={letter.editedElsewhereAt} /> : null}
      {letter.syncIssue ? (
        <SyncIssueNotice
          letter={{ ...letter, syncIssue: letter.syncIssue }}
          onUseText={
            ready && mode === 'read'
              ? (text) => {
                  setKeptText(text)
                  setMode('edit')
                }
              : undefined
          }
        />
      ) : null}
      {reply && mode === 'read' ? (
        <ReplyTrackingSection letter={letter} status={reply} today={today} />
      ) : null}
      {mode === 'edit' ? (
        <LetterTextEditor
          letter={letter}
          initialText={keptText ?? undefined}
          // Saved, the kept text is the letter's own again: the note about it has done its work.
          onSaved={
            keptText === null
              ? undefined
              : () => void sync.dismissIssue(letter.id).catch(console.warn)
          }
          onDone={read}
        />
      ) : mode === 'answers' ? (
        <LetterAnswersEditor letter={letter} onDone={read} />
      ) : ready ? (
        <LetterPaper content={letter.content} />
      ) : (
        <p className="text-ink-600 dark:text-ink-300">
          {letter.status === 'failed'
            ? 'This letter could not be written. Retry it from My Letters.'
            : 'This letter is being written…'}
        </p>
      )}
      {ready && mode === 'read' ? <LetterFingerprint content={letter.content} /> : null}
      <LetterVersions letterId={letter.id} />
    </div>
  )
}
