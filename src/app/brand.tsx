import { Link } from '@tanstack/react-router'

export function Brand() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 font-serif text-xl font-semibold tracking-tight"
    >
      <img src="/favicon.svg" alt="" className="size-7" />
      Letterhead
    </Link>
  )
}
