import { Check } from 'lucide-react'
import { SAMPLE_LETTER } from './content'

/**
 * Grey bars standing in for the rest of a paragraph, their widths as classes: a `style` attribute
 * in the prerendered page would be refused by the Content-Security-Policy (decision 009).
 */
function FauxLines({ widths }: { widths: readonly string[] }) {
  return (
    <span className="flex flex-col gap-[0.55em] py-1" aria-hidden>
      {widths.map((width, index) => (
        <span key={index} className={`h-[0.4em] rounded-full bg-ink-100 ${width}`} />
      ))}
    </span>
  )
}

/** A wax-seal monogram pressed in brass. */
function Seal() {
  return (
    <span className="absolute right-5 bottom-6 grid size-16 rotate-12 place-items-center rounded-full bg-[radial-gradient(circle_at_35%_30%,var(--color-brass-300),var(--color-brass-500)_55%,var(--color-brass-600))] shadow-[0_6px_14px_-4px_rgba(91,70,35,0.6)] sm:right-8 sm:bottom-9 sm:size-20">
      <span className="grid size-12 place-items-center rounded-full border border-dashed border-white/60 font-display text-2xl text-white italic sm:size-15 sm:text-3xl">
        L
      </span>
    </span>
  )
}

/**
 * The hero's picture: a sample letter on paper, built in HTML so it needs no image request. It is
 * one image to assistive technology, named by its label; a `figure` may not take that role.
 */
export function LetterVisual() {
  const letter = SAMPLE_LETTER
  return (
    <div
      role="img"
      aria-label={letter.label}
      className="relative mx-auto w-full max-w-[26rem] select-none"
    >
      <div className="absolute inset-0 translate-x-3 translate-y-4 rotate-[4deg] rounded-[3px] bg-[#ece3d0] shadow-lg sm:translate-x-5" />
      <div className="relative -rotate-[1.5deg] rounded-[3px] bg-[#fffdf8] px-6 pt-7 pb-8 text-ink-900 shadow-[0_40px_70px_-30px_rgba(12,17,32,0.55)] ring-1 ring-ink-900/5 sm:px-9 sm:pt-9 sm:pb-10">
        <div className="border-b-[3px] border-double border-brass-500 pb-3">
          <p className="font-display text-[15px] font-semibold tracking-[0.16em] uppercase sm:text-base">
            {letter.sender}
          </p>
          <p className="mt-0.5 text-[10px] tracking-wide text-ink-500">{letter.senderAddress}</p>
        </div>
        <p className="mt-4 text-right text-[11px] text-ink-500">{letter.date}</p>
        <p className="mt-1 text-[11px] leading-snug text-ink-700">
          {letter.recipient}
          <br />
          {letter.recipientAddress}
        </p>
        <p className="mt-4 text-[12px] font-semibold">{letter.reference}</p>
        <div className="mt-3 flex flex-col gap-2 font-display text-[13px] leading-relaxed">
          <p>{letter.salutation}</p>
          <p>{letter.opening}</p>
          <FauxLines widths={['w-full', 'w-[96%]', 'w-[58%]']} />
          <p>
            <span className="bg-[linear-gradient(transparent_55%,rgba(220,195,144,0.7)_55%)]">
              {letter.demand}
            </span>
          </p>
        </div>
        <div className="mt-5 font-display text-[13px]">
          <p>{letter.closing}</p>
          <p className="mt-1 -rotate-2 text-[1.65rem] leading-none font-light text-ink-700 italic">
            {letter.signature}
          </p>
          <p className="mt-1 text-[11px] text-ink-500">{letter.sender}</p>
        </div>
        <Seal />
      </div>
      <p className="absolute -bottom-5 left-3 flex items-center gap-2 rounded-full bg-ink-900 px-4 py-2 text-xs font-medium text-paper shadow-lg sm:-left-4 dark:bg-brass-400 dark:text-ink-950">
        <Check aria-hidden className="size-3.5" />
        {letter.badge}
      </p>
    </div>
  )
}
