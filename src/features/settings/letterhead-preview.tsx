type LetterheadPreviewProps = {
  logo: string | null
  nameBlock: string
  accent: string
}

/**
 * The top of a letter as the PDF prints it: the logo on the left, the name
 * block on the right (centred without a logo), the firm's name in the accent
 * colour and a thin accent rule under both.
 */
export function LetterheadPreview({ logo, nameBlock, accent }: LetterheadPreviewProps) {
  const [name = '', ...details] = nameBlock.trim() === '' ? [] : nameBlock.trim().split('\n')
  return (
    <figure
      aria-label="Letterhead preview"
      className="rounded-md border border-ink-100 bg-white p-4 font-serif text-ink-900 shadow-sm dark:border-ink-700"
    >
      <div
        className={
          logo ? 'flex items-start justify-between gap-4' : 'flex flex-col items-center text-center'
        }
        style={{ borderBottom: `1px solid ${accent}`, paddingBottom: '0.5rem' }}
      >
        {logo ? <img src={logo} alt="Logo preview" className="max-h-14 max-w-[45%]" /> : null}
        <div className={logo ? 'text-right' : undefined}>
          {name ? (
            <p className="text-base font-bold" style={{ color: accent }}>
              {name}
            </p>
          ) : null}
          {details.map((line, index) => (
            <p key={index} className="text-xs text-ink-600">
              {line}
            </p>
          ))}
          {!logo && !name ? (
            <p className="text-xs text-ink-500">Add a logo or a name block to see it here.</p>
          ) : null}
        </div>
      </div>
      <div className="mt-3 space-y-1.5" aria-hidden>
        <div className="h-1.5 w-1/3 rounded bg-ink-100" />
        <div className="h-1.5 w-1/4 rounded bg-ink-100" />
      </div>
    </figure>
  )
}
