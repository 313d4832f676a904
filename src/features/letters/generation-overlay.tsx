import { Check, Loader2 } from 'lucide-react'
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { Button } from '@/ui/button'
import { cn } from '@/ui/cn'
import {
  GENERATION_STEPS,
  type GenerationStep,
  progressPercent,
  STEP_NOTES,
} from './generation-steps'
import { StreamingText } from './streaming-text'

type GenerationOverlayProps = {
  step: GenerationStep
  /** The text a streaming engine has written so far. */
  draft?: string
  /** The letter's place in line while the server's AI waits for a turn (1 is next). */
  queuePosition?: number | null
  /** Stops the writing; offered while the letter is being written (step 2). */
  onCancel?: () => void
}

/** Tab and Shift+Tab cycle through the dialog's own buttons, never the page behind. */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), [tabindex="0"]'),
  ]
  const first = focusable[0]
  const last = focusable.at(-1)
  if (!first || !last) return event.preventDefault()
  const active = document.activeElement
  if (
    event.shiftKey
      ? active === first || !focusable.includes(active as HTMLElement)
      : active === last
  ) {
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  }
}

/**
 * Full-screen progress while a letter is written. The page behind is made
 * inert and focus stays in the dialog until it closes, then returns.
 */
export function GenerationOverlay({
  step,
  draft = '',
  queuePosition = null,
  onCancel,
}: GenerationOverlayProps) {
  const dialog = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const root = document.getElementById('root')
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (root) root.inert = true
    dialog.current?.focus()
    return () => {
      if (root) root.inert = false
      previous?.focus()
    }
  }, [])

  // Cancel leaves once the letter is written; focus it held goes back to the dialog, not the
  // page, before the browser paints a frame without it.
  const cancellable = onCancel !== undefined && step === 2
  const offeredCancel = useRef(false)
  useLayoutEffect(() => {
    const left = offeredCancel.current && !cancellable
    offeredCancel.current = cancellable
    if (left && !dialog.current?.contains(document.activeElement)) dialog.current?.focus()
  }, [cancellable])

  const percent = progressPercent(step)
  const current = GENERATION_STEPS[step - 1] ?? GENERATION_STEPS[0]

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink-950/70 p-4 backdrop-blur-sm">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="generation-title"
        aria-describedby="generation-status"
        tabIndex={-1}
        onKeyDown={trapTab}
        className="max-h-full w-full max-w-lg overflow-y-auto rounded-xl bg-white p-6 shadow-2xl outline-none dark:bg-ink-900"
      >
        <h2 id="generation-title" className="text-xl font-semibold">
          Preparing your letter
        </h2>
        <p
          id="generation-status"
          aria-live="polite"
          className="mt-1 text-sm text-ink-600 dark:text-ink-300"
        >
          Step {Math.max(step, 1)} of {GENERATION_STEPS.length}: {current}
        </p>
        {step === 2 ? <QueueLine position={queuePosition} /> : null}
        <div
          role="progressbar"
          aria-label="Letter progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%: ${current}`}
          className="mt-4 h-2 overflow-hidden rounded-full bg-ink-100 dark:bg-ink-800"
        >
          <div
            className="h-full rounded-full bg-brass-500 transition-[width] duration-500 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
        <ol className="mt-5 flex flex-col gap-3">
          {GENERATION_STEPS.map((name, index) => {
            const number = index + 1
            const done = step > number || step === GENERATION_STEPS.length
            const active = step === number && !done
            return (
              <li
                key={name}
                className={cn(
                  'flex items-start gap-3 text-sm',
                  !done && !active && 'text-ink-500 dark:text-ink-300',
                )}
              >
                <span
                  className={cn(
                    'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                    done && 'border-brass-500 bg-brass-500 text-white',
                    active && 'border-ink-700 dark:border-brass-300',
                  )}
                  aria-hidden
                >
                  {done ? (
                    <Check className="size-4" />
                  ) : active ? (
                    <Loader2 className="size-4 animate-spin motion-reduce:animate-none" />
                  ) : (
                    number
                  )}
                </span>
                <span className="flex flex-col pt-1">
                  <span className={cn(active && 'font-semibold')}>{name}</span>
                  {STEP_NOTES[name] ? (
                    <span className="text-xs text-ink-500 dark:text-ink-300">
                      {STEP_NOTES[name]}
                    </span>
                  ) : null}
                </span>
              </li>
            )
          })}
        </ol>
        {draft !== '' ? <StreamingText text={draft} /> : null}
        {cancellable ? (
          <div className="mt-5 flex justify-end">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  )
}

/**
 * The letter's place in line, read out politely as it moves. The region is
 * there for the whole of step 2, so a screen reader hears its first words too.
 */
function QueueLine({ position }: { position: number | null }) {
  return (
    <div className={cn(position !== null && 'mt-3')}>
      <p role="status" className="text-sm font-medium text-ink-800 empty:hidden dark:text-ink-100">
        {position === null ? '' : `In the queue: position ${position}`}
      </p>
      {position === null ? null : (
        <p className="text-xs text-ink-500 dark:text-ink-300">
          The server writes a few letters at a time; yours starts when its turn comes.
        </p>
      )}
    </div>
  )
}
