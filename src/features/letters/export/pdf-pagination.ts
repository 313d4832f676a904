/**
 * Where each line of a letter falls on the PDF's pages, by the rules a typist
 * follows: a paragraph leaves at least two lines at the foot of a page and
 * carries at least two to the next; a short block (an address, the closing,
 * the signature) is never split; and a block that belongs with the next (the
 * salutation with the first paragraph, the closing with the signature, the
 * last paragraph with the closing) moves with it. Pure arithmetic on heights,
 * so it is tested apart from jsPDF.
 */

export type Piece = {
  lines: number
  lineHeight: number
  /** Space above it, left out at the top of a page. */
  spaceBefore: number
  /** Never split across pages, unless it is taller than a page. */
  keepTogether: boolean
  /** Its end stays on the page where the next piece starts. */
  keepWithNext: boolean
}

export type Frame = {
  /** Where text starts on the first page: below the letterhead, when there is one. */
  firstTop: number
  top: number
  bottom: number
}

export type LinePlace = { page: number; y: number }

/** A paragraph of fewer lines cannot leave two at the foot of a page and carry two over. */
const MIN_SPLIT = 4
const EPSILON = 0.001

const heightOf = (piece: Piece) => piece.lines * piece.lineHeight
const splittable = (piece: Piece) => !piece.keepTogether && piece.lines >= MIN_SPLIT

export function paginate(pieces: readonly Piece[], frame: Frame): LinePlace[][] {
  const freshRoom = frame.bottom - frame.top

  /** What of piece `i` (and what it keeps with) must fit where it starts. */
  function lead(i: number, depth = 0): number {
    const piece = pieces[i]
    if (!piece) return 0
    if (splittable(piece)) return 2 * piece.lineHeight
    const next = pieces[i + 1]
    const own = heightOf(piece)
    // A long run of kept blocks stops at a page's worth; a later rule cannot be kept anyway.
    if (!piece.keepWithNext || !next || depth > pieces.length) return own
    const chained = own + next.spaceBefore + lead(i + 1, depth + 1)
    return chained <= freshRoom ? chained : own
  }

  /** What must follow piece `i`'s last line on its page. */
  function tailOf(i: number): number {
    const piece = pieces[i]
    const next = pieces[i + 1]
    if (!piece?.keepWithNext || !next) return 0
    const tail = next.spaceBefore + lead(i + 1)
    return tail + 2 * piece.lineHeight <= freshRoom ? tail : 0
  }

  let page = 0
  let y = frame.firstTop
  const pageTop = () => (page === 0 ? frame.firstTop : frame.top)
  const atTop = () => Math.abs(y - pageTop()) < EPSILON
  const newPage = () => {
    page++
    y = frame.top
  }

  return pieces.map((piece, i) => {
    const placed: LinePlace[] = []
    const lh = piece.lineHeight
    const start = lead(i)
    if (!atTop() && y + piece.spaceBefore + Math.min(start, freshRoom) > frame.bottom + EPSILON)
      newPage()
    if (!atTop()) y += piece.spaceBefore

    const put = (count: number) => {
      for (let n = 0; n < count; n++) {
        placed.push({ page, y })
        y += lh
      }
    }

    let remaining = piece.lines
    while (remaining > 0) {
      const space = frame.bottom - y + EPSILON
      const fits = Math.max(0, Math.floor(space / lh))
      const tail = tailOf(i)
      if (remaining * lh + tail <= space) {
        put(remaining)
        break
      }
      const canSplit = splittable(piece) || remaining * lh > freshRoom
      // Fits, but what it keeps with does not: carry its last two lines over with it.
      let take = remaining <= fits ? remaining - 2 : Math.min(fits, remaining - 2)
      if (!canSplit || take < 2) {
        if (!atTop()) {
          newPage()
          continue
        }
        // Already at the top of a page: nothing better can be done than to fill it.
        take = Math.max(1, Math.min(fits, remaining))
      }
      put(take)
      remaining -= take
      if (remaining > 0) newPage()
    }
    return placed
  })
}

/** How many pages the placed lines take. */
export const pageCount = (placed: readonly LinePlace[][]) =>
  Math.max(1, ...placed.flat().map((line) => line.page + 1))
