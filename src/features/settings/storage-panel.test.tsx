// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { STORAGE_DECLINED, StoragePanel } from './storage-panel'

/** A browser's storage manager that grants persistence or not. */
function browserStorage({ grants }: { grants: boolean }) {
  let persisted = false
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      persisted: () => Promise.resolve(persisted),
      persist: () => {
        persisted = grants
        return Promise.resolve(grants)
      },
      estimate: () => Promise.resolve({ usage: 2_400_000, quota: 10_000_000_000 }),
    },
  })
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
})

describe('storage panel', () => {
  it('asks the browser to keep the data and shows when it agrees', async () => {
    browserStorage({ grants: true })
    render(<StoragePanel />)
    await userEvent.click(await screen.findByRole('button', { name: 'Keep Data Persistently' }))
    expect(await screen.findByText(/^Persistent:/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Keep Data Persistently' })).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it('says so when the browser declines, instead of doing nothing', async () => {
    browserStorage({ grants: false })
    render(<StoragePanel />)
    await userEvent.click(await screen.findByRole('button', { name: 'Keep Data Persistently' }))
    expect(await screen.findByRole('status')).toHaveTextContent(STORAGE_DECLINED)
    expect(screen.getByText(/^Not persistent:/)).toBeInTheDocument()
  })
})
