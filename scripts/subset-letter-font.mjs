// Makes the PDF letter font from the full DejaVu Serif in assets/fonts: the blocks in
// letter-font-blocks.json and nothing else. Run after changing either: npm run font
import { readFileSync, writeFileSync } from 'node:fs'
import subsetFont from 'subset-font'

const SOURCE = 'assets/fonts/DejaVuSerif.ttf'
const FONTS = 'src/features/letters/export/fonts'
const OUT = `${FONTS}/DejaVuSerif-Letter.ttf`

const blocks = JSON.parse(readFileSync(`${FONTS}/letter-font-blocks.json`, 'utf8'))
const codePoints = blocks.flatMap(({ from, to }) => {
  const first = Number.parseInt(from, 16)
  const last = Number.parseInt(to, 16)
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
})

// Characters the font lacks are skipped by the subsetter; the test checks that none it has were lost.
const source = readFileSync(SOURCE)
const subset = await subsetFont(source, String.fromCodePoint(...codePoints), {
  targetFormat: 'truetype',
})
writeFileSync(OUT, subset)
console.log(
  `${OUT}: ${subset.length.toLocaleString('en-US')} bytes (from ${source.length.toLocaleString('en-US')})`,
)
