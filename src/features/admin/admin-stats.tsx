import { DollarSign, FileText, Briefcase, Users } from 'lucide-react'
import { useLive } from '@/data/use-live'
import { formatCents } from '@/domain/money'
import { StatCard } from '@/ui/stat-card'

const count = (value: number) => value.toLocaleString('en-US')

/** The four headline figures; they follow purchases and sign-ups live, from any tab. */
export function AdminStats() {
  const live = useLive((repository) => repository.admin.totals(), 'admin:totals')
  const totals = live.data
  const show = (format: () => string) => (totals ? format() : live.status === 'error' ? '—' : '…')
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-4">
      <StatCard
        label="Total Users"
        value={show(() => count(totals?.users ?? 0))}
        icon={<Users className="size-4" />}
      />
      <StatCard
        label="Employees"
        value={show(() => count(totals?.employees ?? 0))}
        icon={<Briefcase className="size-4" />}
      />
      <StatCard
        label="Total Letters"
        value={show(() => count(totals?.letters ?? 0))}
        icon={<FileText className="size-4" />}
      />
      <StatCard
        label="Total Revenue"
        value={show(() => formatCents(totals?.revenueCents ?? 0))}
        icon={<DollarSign className="size-4" />}
      />
    </div>
  )
}
