/** The letter as it will print: a white sheet, serif type, generous margins. */
export function LetterPaper({ content }: { content: string }) {
  return (
    <section
      aria-label="Letter"
      className="mx-auto w-full max-w-[8.5in] rounded-sm bg-white px-5 py-8 text-ink-950 shadow-[0_1px_2px_rgba(0,0,0,0.08),0_12px_32px_-12px_rgba(20,28,48,0.35)] sm:px-[min(1in,8vw)] sm:py-[min(1in,10vw)]"
    >
      <div className="whitespace-pre-wrap break-words font-serif text-[15px] leading-relaxed sm:text-base">
        {content}
      </div>
    </section>
  )
}
