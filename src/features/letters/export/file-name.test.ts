import { describe, expect, it } from 'vitest'
import { EXPORT_FORMATS, fileNameFor } from './file-name'

describe('fileNameFor', () => {
  const id = '3f2b8c1e-9d4a-4e6b-a1c2-7d8e9f0a1b2c'

  it.each(EXPORT_FORMATS)('names a .%s download after the letter', (ext) => {
    expect(fileNameFor(id, ext)).toBe(`legal-letter-${id}.${ext}`)
  })

  it('cannot be turned into a path', () => {
    expect(fileNameFor('../etc/passwd', 'txt')).toBe('legal-letter----etc-passwd.txt')
  })
})
