import { AppLink } from '@/ui/app-link'

export function Brand() {
  return (
    <AppLink
      to="/"
      className="flex items-center gap-2 font-serif text-xl font-semibold tracking-tight"
    >
      <img src="/favicon.svg" alt="" className="size-7" />
      Letterhead
    </AppLink>
  )
}
