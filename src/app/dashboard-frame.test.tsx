// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { renderDashboardFrame } from '../../build/dashboard-frame-markup'
import {
  DASHBOARD_FRAME_ATTRIBUTE,
  DASHBOARD_FRAME_ID,
  DASHBOARD_FRAME_KEY,
  FRAME_SLOT_ATTRIBUTE,
} from './dashboard-frame-names'
import {
  dropDashboardFrameOnceDrawn,
  forgetDashboard,
  rememberDashboard,
  shownDashboardFrame,
} from './dashboard-frame'

afterEach(() => {
  document.body.replaceChildren()
  document.documentElement.removeAttribute(DASHBOARD_FRAME_ATTRIBUTE)
  localStorage.clear()
})

function builtBody(): { frame: HTMLElement; root: HTMLElement } {
  document.body.innerHTML = `<div id="${DASHBOARD_FRAME_ID}" ${DASHBOARD_FRAME_ATTRIBUTE}>${renderDashboardFrame()}</div><div id="root"></div>`
  const frame = document.getElementById(DASHBOARD_FRAME_ID)
  const root = document.getElementById('root')
  if (!frame || !root) throw new Error('no frame or root')
  return { frame, root }
}

const slots = (frame: Element) =>
  [...frame.querySelectorAll(`[${FRAME_SLOT_ATTRIBUTE}]`)].map((slot) =>
    slot.getAttribute(FRAME_SLOT_ATTRIBUTE),
  )

describe('the dashboard frame', () => {
  it('draws the first tab with every control disabled, and slots for what differs by person', () => {
    const { frame } = builtBody()
    const controls = frame.querySelectorAll('button, input, select, textarea')
    expect(controls.length).toBeGreaterThan(8)
    for (const control of controls)
      expect(control.hasAttribute('disabled'), control.outerHTML).toBe(true)
    expect(frame.innerHTML).not.toMatch(/disabled:/)
    expect(frame.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe(
      'Generate Letter',
    )
    expect(slots(frame).sort()).toEqual(['letters', 'name', 'name', 'no-letters-left'])
    expect(frame.querySelector('h1 [data-frame-slot="name"]')).not.toBeNull()
    expect(
      frame.querySelector('input[name="senderName"]')?.getAttribute(FRAME_SLOT_ATTRIBUTE),
    ).toBe('name')
    // It ends before the guided questions; the app's page adds them.
    expect(frame.textContent).toContain('Letter Details')
    expect(frame.textContent).not.toContain('Make it stronger')
  })

  it('gives every id once, each with the frame’s prefix, and resolves every reference', () => {
    const { frame } = builtBody()
    const ids = [...frame.querySelectorAll('[id]')].map((element) => element.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id.startsWith(`${DASHBOARD_FRAME_ID}-`), id).toBe(true)
    // aria-controls may name a tab's panel, drawn only when its tab is chosen, as in the app.
    for (const element of frame.querySelectorAll('[for], [aria-labelledby], [aria-describedby]'))
      for (const name of ['for', 'aria-labelledby', 'aria-describedby'])
        for (const id of element.getAttribute(name)?.split(' ') ?? [])
          expect(document.getElementById(id), `${name}=${id}`).not.toBeNull()
  })
})

describe('the remembered dashboard', () => {
  it('is kept while the dashboard shows and forgotten on leaving it', () => {
    rememberDashboard({ name: 'Ada', letters: 2, noLettersLeft: false })
    expect(JSON.parse(localStorage.getItem(DASHBOARD_FRAME_KEY) ?? 'null')).toEqual({
      name: 'Ada',
      letters: 2,
      noLettersLeft: false,
    })
    forgetDashboard()
    expect(localStorage.getItem(DASHBOARD_FRAME_KEY)).toBeNull()
  })
})

describe('the hand-over', () => {
  it('keeps the frame until the app has drawn the dashboard with its form', async () => {
    const { frame, root } = builtBody()
    document.documentElement.setAttribute(DASHBOARD_FRAME_ATTRIBUTE, '')
    expect(shownDashboardFrame()).toBe(frame)
    dropDashboardFrameOnceDrawn(root)
    root.innerHTML = '<div role="tablist" aria-label="Dashboard"></div><section></section>'
    await Promise.resolve()
    expect(frame.isConnected).toBe(true)
    root
      .querySelector('section')
      ?.insertAdjacentHTML('beforeend', '<form aria-label="Generate letter"></form>')
    await Promise.resolve()
    expect(frame.isConnected).toBe(false)
    expect(document.documentElement.hasAttribute(DASHBOARD_FRAME_ATTRIBUTE)).toBe(false)
  })

  it('gives way at once to any other page the app draws', async () => {
    const { frame, root } = builtBody()
    document.documentElement.setAttribute(DASHBOARD_FRAME_ATTRIBUTE, '')
    dropDashboardFrameOnceDrawn(root)
    root.innerHTML = '<h1>Sign in</h1>'
    await Promise.resolve()
    expect(frame.isConnected).toBe(false)
  })
})
