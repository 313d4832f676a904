import type { ReactNode } from 'react'
import { formatLetterDate } from '@/domain/letter-dates'
import { LetterheadForm } from './letterhead-form'
import { rasteriseLogo, type Rasterise } from './logo-image'
import { useLetterhead } from './use-letterhead'

type LetterheadSettingsProps = {
  userId: string
  /** A link to the Subscription tab, from the route: this feature does not know the router. */
  planLink: ReactNode
  /** Draws the chosen logo as a PNG; the browser's canvas unless a test hands in another. */
  rasterise?: Rasterise
}

const NOTE = 'text-sm text-ink-600 dark:text-ink-300'

/**
 * Annual 8 Letters' custom branding: the letterhead printed at the top of the
 * PDF and Word letters. Others are shown what the plan offers; a letterhead
 * they saved while they had it is kept, and printed again if they buy it again.
 */
export function LetterheadSettings({
  userId,
  planLink,
  rasterise = rasteriseLogo,
}: LetterheadSettingsProps) {
  const live = useLetterhead(userId)
  if (live.status === 'loading') return <p className={NOTE}>Loading letterhead…</p>
  if (live.status === 'error') {
    return <p className={NOTE}>The letterhead could not be read. Reload the page to try again.</p>
  }
  const { saved, brandingUntil } = live.data
  if (brandingUntil === null) {
    return (
      <div className="flex flex-col gap-2">
        <p className="font-medium">Custom letterhead comes with Annual 8 Letters.</p>
        <p className={NOTE}>
          Your logo, your firm&apos;s name and address, and an accent colour at the top of every PDF
          and Word letter.
          {saved ? ' The letterhead you saved is kept for when you have the plan again.' : ''}
        </p>
        <div>{planLink}</div>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <p className={NOTE}>
        Printed at the top of your PDF and Word letters while your Annual 8 Letters plan lasts
        (until {formatLetterDate(new Date(brandingUntil))}). It is kept on this device only.
      </p>
      <LetterheadForm userId={userId} saved={saved} rasterise={rasterise} />
    </div>
  )
}
