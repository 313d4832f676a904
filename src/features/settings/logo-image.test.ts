import { describe, expect, it } from 'vitest'
import { logoFileProblem } from './logo-image'

const file = (name: string, type: string, size: number) => ({ name, type, size })

describe('logoFileProblem', () => {
  it('takes PNG, JPEG and SVG files of up to 500 KB', () => {
    expect(logoFileProblem(file('logo.png', 'image/png', 500 * 1024))).toBeNull()
    expect(logoFileProblem(file('logo.jpg', 'image/jpeg', 1))).toBeNull()
    expect(logoFileProblem(file('logo.svg', 'image/svg+xml', 1))).toBeNull()
    // Some systems give an SVG no type; its name says what it is.
    expect(logoFileProblem(file('Logo.SVG', '', 1))).toBeNull()
  })

  it('refuses a larger file, saying how large it is', () => {
    expect(logoFileProblem(file('logo.png', 'image/png', 500 * 1024 + 1))).toBe(
      'The logo file is 501 KB; it must be at most 500 KB.',
    )
  })

  it('refuses other kinds of file, whatever their name', () => {
    const wrong = 'The logo must be a PNG, JPEG or SVG image.'
    expect(logoFileProblem(file('logo.gif', 'image/gif', 1))).toBe(wrong)
    expect(logoFileProblem(file('logo.png', 'application/pdf', 1))).toBe(wrong)
    expect(logoFileProblem(file('logo.webp', '', 1))).toBe(wrong)
  })
})
