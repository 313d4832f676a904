import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

const fresh = () => import('./pdf-font')

describe('fetchLetterFont', () => {
  it('fetches the bundled font asset once and reuses it', async () => {
    const fetchMock = vi.fn((_url: string) =>
      Promise.resolve(new Response(new Uint8Array([0, 1, 0, 0]))),
    )
    vi.stubGlobal('fetch', fetchMock)
    const { fetchLetterFont } = await fresh()

    await expect(fetchLetterFont()).resolves.toEqual(new Uint8Array([0, 1, 0, 0]))
    await fetchLetterFont()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/DejaVuSerif.*\.ttf/)
  })

  it('tries again after a failed fetch', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(null, { status: 503 }))
      .mockResolvedValueOnce(new Response(new Uint8Array([7])))
    vi.stubGlobal('fetch', fetchMock)
    const { fetchLetterFont } = await fresh()

    await expect(fetchLetterFont()).rejects.toThrow('503')
    await expect(fetchLetterFont()).resolves.toEqual(new Uint8Array([7]))
  })
})
