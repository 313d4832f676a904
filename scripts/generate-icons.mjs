// Renders the app icons from the SVG sources in assets/; run after changing them: npm run icons
import { readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'

const OUT = 'public/icons'
const ICONS = [
  { source: 'assets/icon.svg', name: 'icon-192.png', size: 192 },
  { source: 'assets/icon.svg', name: 'icon-512.png', size: 512 },
  { source: 'assets/icon-maskable.svg', name: 'icon-maskable-512.png', size: 512 },
  { source: 'assets/icon-maskable.svg', name: 'apple-touch-icon-180.png', size: 180 },
]

mkdirSync(OUT, { recursive: true })
for (const icon of ICONS) {
  const svg = readFileSync(icon.source)
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng()
  writeFileSync(`${OUT}/${icon.name}`, png)
  console.log(`${OUT}/${icon.name} (${icon.size}×${icon.size})`)
}
copyFileSync('assets/icon.svg', 'public/favicon.svg')
