// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { revealedScrollLeft, TabList } from './tabs'

type Key = 'letters' | 'messages' | 'errors' | 'usage'

const ITEMS = [
  { key: 'letters', label: 'Letters' },
  { key: 'messages', label: 'Messages' },
  { key: 'errors', label: 'Errors' },
  { key: 'usage', label: 'AI Usage' },
] as const

function Tabs({ initial = 'letters' }: { initial?: Key }) {
  const [selected, setSelected] = useState<Key>(initial)
  return (
    <TabList
      label="Sections"
      items={ITEMS}
      selected={selected}
      onSelect={setSelected}
      idPrefix="t"
    />
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  // jsdom has no scrollIntoView; each test that needs one adds it.
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView')
})

function spyScrollIntoView() {
  const spy = vi.fn<(this: HTMLElement, options?: ScrollIntoViewOptions) => void>()
  HTMLElement.prototype.scrollIntoView = function (options?: boolean | ScrollIntoViewOptions) {
    spy.call(this, typeof options === 'object' ? options : undefined)
  }
  return spy
}

describe('TabList', () => {
  it('brings a tab chosen by click into view, moving as little as it can', async () => {
    const spy = spyScrollIntoView()
    render(<Tabs />)
    expect(spy).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('tab', { name: 'AI Usage' }))
    expect(spy).toHaveBeenCalledTimes(1)
    expect(spy.mock.contexts[0]).toBe(screen.getByRole('tab', { name: 'AI Usage' }))
    expect(spy).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' })
  })

  it('brings a tab chosen with the arrow keys into view', async () => {
    const spy = spyScrollIntoView()
    render(<Tabs initial="errors" />)
    screen.getByRole('tab', { name: 'Errors' }).focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'AI Usage' })).toHaveAttribute('aria-selected', 'true')
    expect(spy.mock.contexts.at(-1)).toBe(screen.getByRole('tab', { name: 'AI Usage' }))
  })

  it('survives a browser without scrollIntoView', async () => {
    render(<Tabs />)
    await userEvent.click(screen.getByRole('tab', { name: 'Errors' }))
    expect(screen.getByRole('tab', { name: 'Errors' })).toHaveAttribute('aria-selected', 'true')
  })
})

describe('revealedScrollLeft', () => {
  const list = { scrollLeft: 0, clientWidth: 300 }

  it('leaves a tab already in view where it is', () => {
    expect(revealedScrollLeft(list, { offsetLeft: 100, offsetWidth: 80 })).toBe(0)
  })

  it('scrolls just far enough to show a tab past the end', () => {
    expect(revealedScrollLeft(list, { offsetLeft: 380, offsetWidth: 90 })).toBe(170)
  })

  it('scrolls back to a tab before the start', () => {
    expect(
      revealedScrollLeft(
        { scrollLeft: 200, clientWidth: 300 },
        { offsetLeft: 40, offsetWidth: 90 },
      ),
    ).toBe(40)
  })
})
