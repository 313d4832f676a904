import { Link } from '@tanstack/react-router'
import { PenLine } from 'lucide-react'
import { buttonClass } from '@/ui/button'

/** Opens the Generate Letter tab with a follow-up to this letter already filled in. */
export function FollowUpLink({ letterId }: { letterId: string }) {
  return (
    <Link
      to="/app"
      search={{ tab: 'generate', followUp: letterId }}
      className={buttonClass('secondary')}
    >
      <PenLine aria-hidden className="size-4" />
      Write follow-up
    </Link>
  )
}
