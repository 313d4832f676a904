/**
 * The characters a TrueType font has glyphs for, read from its `cmap` table:
 * the Windows Unicode subtable, format 12 (full Unicode) when present, else
 * format 4 (the Basic Multilingual Plane).
 */
export function fontCodePoints(bytes: Uint8Array): Set<number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const cmap = tableOffset(bytes, view, 'cmap')
  const subtables = Array.from({ length: view.getUint16(cmap + 2) }, (_, i) => {
    const record = cmap + 4 + i * 8
    const offset = cmap + view.getUint32(record + 4)
    return {
      platform: view.getUint16(record),
      encoding: view.getUint16(record + 2),
      format: view.getUint16(offset),
      offset,
    }
  })
  const windows = (encoding: number, format: number) =>
    subtables.find((s) => s.platform === 3 && s.encoding === encoding && s.format === format)
  const full = windows(10, 12)
  if (full) return format12(view, full.offset)
  const bmp = windows(1, 4)
  if (bmp) return format4(view, bmp.offset)
  throw new Error('The font has no Windows Unicode cmap')
}

function tableOffset(bytes: Uint8Array, view: DataView, tag: string): number {
  const tables = view.getUint16(4)
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16
    if (String.fromCharCode(...bytes.subarray(record, record + 4)) === tag)
      return view.getUint32(record + 8)
  }
  throw new Error(`The font has no ${tag} table`)
}

function format12(view: DataView, offset: number): Set<number> {
  const found = new Set<number>()
  const groups = view.getUint32(offset + 12)
  for (let g = 0; g < groups; g++) {
    const group = offset + 16 + g * 12
    const [first, last, glyph] = [0, 4, 8].map((at) => view.getUint32(group + at)) as [
      number,
      number,
      number,
    ]
    for (let c = first; c <= last; c++) if (glyph + c - first !== 0) found.add(c)
  }
  return found
}

type Segment = { first: number; last: number; delta: number; rangeOffset: number; at: number }

/** A format 4 segment's glyph for `c`: by offset, or through its glyph index array. */
function segmentGlyph(view: DataView, segment: Segment, c: number): number {
  if (segment.rangeOffset === 0) return (c + segment.delta) & 0xffff
  const index = view.getUint16(segment.at + segment.rangeOffset + (c - segment.first) * 2)
  return index === 0 ? 0 : (index + segment.delta) & 0xffff
}

function format4(view: DataView, offset: number): Set<number> {
  const found = new Set<number>()
  const segmentsX2 = view.getUint16(offset + 6)
  const ends = offset + 14
  const starts = ends + segmentsX2 + 2
  const deltas = starts + segmentsX2
  const rangeOffsets = deltas + segmentsX2
  for (let s = 0; s < segmentsX2; s += 2) {
    const segment: Segment = {
      first: view.getUint16(starts + s),
      last: view.getUint16(ends + s),
      delta: view.getInt16(deltas + s),
      rangeOffset: view.getUint16(rangeOffsets + s),
      at: rangeOffsets + s,
    }
    for (let c = segment.first; c <= segment.last && c !== 0xffff; c++)
      if (segmentGlyph(view, segment, c) !== 0) found.add(c)
  }
  return found
}
