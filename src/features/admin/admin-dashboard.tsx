export function AdminDashboard() {
  return (
    <section
      aria-labelledby="admin-dashboard-heading"
      className="rounded-xl border border-ink-100 bg-white p-6 dark:border-ink-800 dark:bg-ink-900"
    >
      <h2 id="admin-dashboard-heading" className="text-xl font-semibold">
        Admin Dashboard
      </h2>
      <p className="mt-2 text-ink-600 dark:text-ink-300">
        Totals and tables of users, letters and subscriptions.
      </p>
    </section>
  )
}
