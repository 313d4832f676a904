import { DollarSign, FileText, Briefcase, Users } from 'lucide-react'
import type { AdminTotals } from '@/data/admin-repository'
import { useLive } from '@/data/use-live'
import { formatCents } from '@/domain/money'
import { StatCard } from '@/ui/stat-card'
import { formatCount } from '@/lib/format-count'

type AdminStatCardsProps = {
  /** The figures; undefined while they are read. */
  totals: AdminTotals | undefined
  /** They could not be read: a dash instead of the ellipsis. */
  failed?: boolean
}

/** The four headline figures, the same in both modes; each card keeps its size while it waits. */
export function AdminStatCards({ totals, failed = false }: AdminStatCardsProps) {
  const show = (format: (figures: AdminTotals) => string) =>
    totals ? format(totals) : failed ? '—' : '…'
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-4">
      <StatCard
        label="Total Users"
        value={show((figures) => formatCount(figures.users))}
        icon={<Users className="size-4" />}
      />
      <StatCard
        label="Employees"
        value={show((figures) => formatCount(figures.employees))}
        icon={<Briefcase className="size-4" />}
      />
      <StatCard
        label="Total Letters"
        value={show((figures) => formatCount(figures.letters))}
        icon={<FileText className="size-4" />}
      />
      <StatCard
        label="Total Revenue"
        value={
          <>
            {show((figures) => formatCents(figures.revenueCents - (figures.refundedCents ?? 0)))}
            {totals?.refundedCents ? (
              <span className="block text-xs font-normal text-ink-500 dark:text-ink-300">
                after {formatCents(totals.refundedCents)} refunded
              </span>
            ) : null}
          </>
        }
        icon={<DollarSign className="size-4" />}
      />
    </div>
  )
}

/**
 * The device's figures (device-only mode), following purchases and sign-ups
 * live; nothing is read until `reading`, while the mode is still being asked.
 */
export function AdminStats({ reading = true }: { reading?: boolean }) {
  const live = useLive(
    (repository) => (reading ? repository.admin.totals() : Promise.resolve(undefined)),
    `admin:totals:${reading}`,
  )
  return <AdminStatCards totals={live.data} failed={live.status === 'error'} />
}
