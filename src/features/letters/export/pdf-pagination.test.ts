import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Frame, pageCount, paginate, type Piece } from './pdf-pagination'

// A page of exactly 10 lines of 10 pt, the first page 2 lines shorter (a letterhead).
const FRAME: Frame = { firstTop: 20, top: 0, bottom: 100 }
const piece = (lines: number, more: Partial<Piece> = {}): Piece => ({
  lines,
  lineHeight: 10,
  spaceBefore: 10,
  keepTogether: false,
  keepWithNext: false,
  ...more,
})
const pagesOf = (placed: { page: number }[][]) => placed.map((lines) => lines.map((l) => l.page))

describe('paginate', () => {
  it('stacks pieces with their space between, from below the letterhead', () => {
    const placed = paginate([piece(2), piece(1)], FRAME)
    expect(placed).toEqual([
      [
        { page: 0, y: 20 },
        { page: 0, y: 30 },
      ],
      [{ page: 0, y: 50 }],
    ])
  })

  it('never leaves one line of a paragraph at the foot of a page', () => {
    // 6 lines used and a gap: room for 1 more line on page one.
    const [, paragraph] = pagesOf(paginate([piece(6, { spaceBefore: 0 }), piece(5)], FRAME))
    expect(paragraph).toEqual([1, 1, 1, 1, 1])
  })

  it('never carries one line of a paragraph alone to the next page', () => {
    // Room for 4 lines on page one: 3 stay, 2 go over.
    const [, paragraph] = pagesOf(paginate([piece(4, { spaceBefore: 0 }), piece(5)], FRAME))
    expect(paragraph).toEqual([0, 0, 0, 1, 1])
  })

  it('moves a block kept together whole, and drops the space above it at the top of a page', () => {
    const placed = paginate([piece(6, { spaceBefore: 0 }), piece(3, { keepTogether: true })], FRAME)
    expect(pagesOf(placed)[1]).toEqual([1, 1, 1])
    expect(placed[1]?.[0]?.y).toBe(0)
  })

  it('keeps the closing with the signature, and two lines of the last paragraph with both', () => {
    const placed = paginate(
      [
        piece(1, { spaceBefore: 0 }),
        piece(5, { keepWithNext: true }),
        piece(1, { keepTogether: true, keepWithNext: true }),
        piece(2, { keepTogether: true, spaceBefore: 30 }),
      ],
      FRAME,
    )
    expect(pagesOf(placed)).toEqual([[0], [0, 0, 0, 1, 1], [1], [1, 1]])
  })

  it('moves a short last paragraph whole rather than split it', () => {
    const placed = paginate(
      [
        piece(3, { spaceBefore: 0 }),
        piece(3, { keepWithNext: true }),
        piece(1, { keepTogether: true, keepWithNext: true }),
        piece(2, { keepTogether: true }),
      ],
      FRAME,
    )
    expect(pagesOf(placed)).toEqual([[0, 0, 0], [1, 1, 1], [1], [1, 1]])
  })

  it('splits a block kept together when it is taller than a page', () => {
    const [tall = []] = paginate([piece(25, { keepTogether: true })], FRAME)
    expect(tall.map((l) => l.page)).toEqual([
      ...Array<number>(8).fill(0),
      ...Array<number>(10).fill(1),
      ...Array<number>(7).fill(2),
    ])
  })

  it('for any pieces, puts every line inside the frame, in reading order', () => {
    const pieces = fc.array(
      fc.record({
        lines: fc.integer({ min: 1, max: 30 }),
        lineHeight: fc.constantFrom(10, 12, 15),
        spaceBefore: fc.integer({ min: 0, max: 40 }),
        keepTogether: fc.boolean(),
        keepWithNext: fc.boolean(),
      }),
      { maxLength: 30 },
    )
    fc.assert(
      fc.property(pieces, (list) => {
        const placed = paginate(list, FRAME)
        expect(placed.map((lines) => lines.length)).toEqual(list.map((p) => p.lines))
        const lines = placed.flatMap((ls, i) =>
          ls.map((l) => ({ ...l, h: list[i]?.lineHeight ?? 0 })),
        )
        for (const [n, line] of lines.entries()) {
          expect(line.y).toBeGreaterThanOrEqual(line.page === 0 ? FRAME.firstTop : FRAME.top)
          expect(line.y + line.h).toBeLessThanOrEqual(FRAME.bottom + 0.01)
          const before = lines[n - 1]
          if (before) {
            expect(line.page).toBeGreaterThanOrEqual(before.page)
            if (line.page === before.page) expect(line.y).toBeGreaterThan(before.y)
          }
        }
        expect(pageCount(placed)).toBe(Math.max(1, ...lines.map((l) => l.page + 1)))
      }),
      { numRuns: 300 },
    )
  })
})
