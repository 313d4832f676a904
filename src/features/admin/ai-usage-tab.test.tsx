// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SESSION_KEY } from '@/data/dexie/context'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { AdminDashboard } from './admin-dashboard'
import { adminSearchSchema } from './admin-search'

/** Device-only mode has no server whose AI could have been used: no AI Usage tab. */

describe('the AI Usage tab in device-only mode', () => {
  it('is not offered, and a link to it opens on Users', async () => {
    const { repo, db } = createTestRepository()
    const now = new Date().toISOString()
    await db.users.add({
      id: 'admin',
      email: 'admin@example.com',
      fullName: 'Ada Admin',
      role: 'admin',
      createdAt: now,
      updatedAt: now,
    })
    await db.session.put({ id: SESSION_KEY, userId: 'admin', signedInAt: now })
    render(
      <RepositoryProvider repository={repo}>
        <AdminDashboard search={{ tab: 'ai-usage', days: 7 }} onSearchChange={() => undefined} />
      </RepositoryProvider>,
    )
    expect(await screen.findByRole('table', { name: /^Users/ })).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true'),
    )
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Users',
      'Employees',
      'Letters',
      'Subscriptions',
      'Messages',
      'Errors',
    ])
    expect(screen.queryByRole('tab', { name: 'AI Usage' })).toBeNull()
  })
})

describe('the AI Usage tab in the URL', () => {
  it('keeps a period it offers and drops any other', () => {
    expect(adminSearchSchema.parse({ tab: 'ai-usage', days: '90' })).toEqual({
      tab: 'ai-usage',
      days: 90,
    })
    for (const days of ['14', '0', 'week', '-7', '7.5'])
      expect(adminSearchSchema.parse({ tab: 'ai-usage', days }), days).toEqual({ tab: 'ai-usage' })
  })
})
