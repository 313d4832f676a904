import type { User } from '@/domain/types'

export function UserDashboard({ user }: { user: User }) {
  return (
    <section
      aria-labelledby="user-dashboard-heading"
      className="rounded-xl border border-ink-100 bg-white p-6 dark:border-ink-800 dark:bg-ink-900"
    >
      <h2 id="user-dashboard-heading" className="text-xl font-semibold">
        Your letters
      </h2>
      <p className="mt-2 text-ink-600 dark:text-ink-300">
        Signed in as {user.email}. Letter generation arrives here next.
      </p>
    </section>
  )
}
