// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { renderAuthFrame } from '../../build/auth-frame-markup'
import {
  AUTH_FRAME_ATTRIBUTE,
  AUTH_FRAMES,
  authFrameId,
  dropAuthFrameOnceReplaced,
  dropAuthFrames,
  shownAuthFrame,
} from './auth-frame'

afterEach(() => {
  document.body.replaceChildren()
  document.documentElement.removeAttribute(AUTH_FRAME_ATTRIBUTE)
})

/** index.html's body as the build leaves it: a frame per tab, then #root. */
function builtBody(): HTMLElement {
  document.body.innerHTML = AUTH_FRAMES.map(
    (tab) => `<div id="${authFrameId(tab)}" ${AUTH_FRAME_ATTRIBUTE}>${renderAuthFrame(tab)}</div>`,
  ).join('')
  const root = document.createElement('div')
  root.id = 'root'
  document.body.append(root)
  return root
}

describe('the auth page frames', () => {
  it('draw each tab with every control disabled and no disabled look', () => {
    builtBody()
    for (const tab of AUTH_FRAMES) {
      const frame = document.getElementById(authFrameId(tab))
      const controls = frame?.querySelectorAll('button, input, select, textarea') ?? []
      expect(controls.length).toBeGreaterThan(4)
      for (const control of controls)
        expect(control.hasAttribute('disabled'), control.outerHTML).toBe(true)
      expect(frame?.innerHTML).not.toMatch(/disabled:/)
      // Import Backup's button is drawn; its hidden file input, which a script could fill, is not.
      expect(frame?.textContent).toContain('Import Backup')
      expect(frame?.querySelector('input[type="file"]')).toBeNull()
      expect(frame?.querySelector('[role="tab"][aria-selected="true"]')?.id).toBe(
        `auth-frame-${tab}-auth-tab-${tab}`,
      )
    }
    expect(document.getElementById(authFrameId('signup'))?.textContent).toContain('Full Name')
    expect(document.getElementById(authFrameId('login'))?.textContent).toContain('Forgot password?')
  })

  it('give every id once, and point every reference at an id of the same frame', () => {
    builtBody()
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
    expect(new Set(ids).size).toBe(ids.length)
    const references = (frame: Element, names: string[]) =>
      [...frame.querySelectorAll(names.map((name) => `[${name}]`).join(', '))].flatMap((element) =>
        names.flatMap((name) => element.getAttribute(name)?.split(' ') ?? []),
      )
    for (const tab of AUTH_FRAMES) {
      const frame = document.getElementById(authFrameId(tab))
      if (!frame) throw new Error(`no ${tab} frame`)
      const named = references(frame, ['for', 'aria-labelledby', 'aria-describedby'])
      expect(named.length).toBeGreaterThan(3)
      for (const id of named) expect(frame.querySelector(`#${CSS.escape(id)}`), id).not.toBeNull()
      // As in the app, the tab not open controls a panel that is not drawn.
      for (const id of references(frame, ['aria-controls']))
        expect(id.startsWith(`auth-frame-${tab}-`), id).toBe(true)
    }
  })

  it('keep only the frame theme-init named, until the app draws', async () => {
    const root = builtBody()
    document.documentElement.setAttribute(AUTH_FRAME_ATTRIBUTE, 'signup')
    const frame = shownAuthFrame()
    expect(frame?.id).toBe(authFrameId('signup'))
    dropAuthFrames(frame)
    expect(document.getElementById(authFrameId('login'))).toBeNull()
    if (!frame) throw new Error('no frame')
    dropAuthFrameOnceReplaced(root, frame)

    root.append(document.createElement('p'))
    await Promise.resolve()
    expect(document.getElementById(authFrameId('signup'))).toBeNull()
    expect(document.documentElement.hasAttribute(AUTH_FRAME_ATTRIBUTE)).toBe(false)
  })

  it('show none where theme-init named none, or named something else', () => {
    builtBody()
    expect(shownAuthFrame()).toBeNull()
    document.documentElement.setAttribute(AUTH_FRAME_ATTRIBUTE, 'admin')
    expect(shownAuthFrame()).toBeNull()
    dropAuthFrames()
    expect(document.querySelectorAll(`div[${AUTH_FRAME_ATTRIBUTE}]`)).toHaveLength(0)
  })
})
