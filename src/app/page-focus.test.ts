// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { focusPageStart } from './page-focus'

function page(html: string) {
  document.body.innerHTML = html
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('focusPageStart', () => {
  it('moves focus from the page body to the main content', () => {
    page('<header><button>Settings</button></header><main><h2>Settings</h2></main>')
    focusPageStart()
    expect(document.activeElement?.tagName).toBe('MAIN')
    expect(document.querySelector('main')?.getAttribute('tabindex')).toBe('-1')
  })

  it('moves focus left on the header, where the control that led here stays', () => {
    page('<header><button>Settings</button></header><main><p>Page</p></main>')
    document.querySelector('button')?.focus()
    focusPageStart()
    expect(document.activeElement?.tagName).toBe('MAIN')
  })

  it('leaves focus the new page placed inside its content', () => {
    page('<main><label>Email <input></label></main>')
    const field = document.querySelector('input')
    field?.focus()
    focusPageStart()
    expect(document.activeElement).toBe(field)
  })

  it('does nothing on a page without main content', () => {
    page('<div><button>Only</button></div>')
    focusPageStart()
    expect(document.activeElement).toBe(document.body)
  })
})
