import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Component tests render into a shared document; unmount after each one.
afterEach(() => cleanup())

// jsdom lacks pointer capture, which sonner's swipe-to-dismiss calls on press.
if (typeof Element !== 'undefined') {
  Element.prototype.setPointerCapture ??= () => undefined
  Element.prototype.releasePointerCapture ??= () => undefined
  Element.prototype.hasPointerCapture ??= () => false
}
