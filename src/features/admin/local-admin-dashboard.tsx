import { useState } from 'react'
import { AdminDashboard } from './admin-dashboard'
import type { AdminSearch } from './admin-search'

/**
 * The admin dashboard where the URL already belongs to another page (`/old`):
 * tab, page and search are kept in memory instead.
 */
export function LocalAdminDashboard() {
  const [search, setSearch] = useState<AdminSearch>({})
  return <AdminDashboard search={search} onSearchChange={setSearch} />
}
