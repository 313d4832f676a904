import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'

// Component tests render into a shared document; unmount after each one.
afterEach(() => cleanup())

// Work a component started before it unmounted (an IndexedDB write, a scheduler turn) may still end
// in a state update, which React begins by reading `window.event`. The jsdom page is taken down
// right after this file's hooks: let that work finish first, or it fails with "window is not
// defined" after every test has passed.
afterAll(async () => {
  if (typeof window === 'undefined') return
  await new Promise((resolve) => setTimeout(resolve, 200))
})

// jsdom lacks pointer capture, which sonner's swipe-to-dismiss calls on press.
if (typeof Element !== 'undefined') {
  Element.prototype.setPointerCapture ??= () => undefined
  Element.prototype.releasePointerCapture ??= () => undefined
  Element.prototype.hasPointerCapture ??= () => false
}
