import { LETTERHEAD_LIMITS, pngDataUrlSize } from '@/domain/settings'

/** What a logo may be chosen as; it is kept as a PNG whatever it was. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/svg+xml'
const LOGO_TYPES = new Set(LOGO_ACCEPT.split(','))
/** Some systems give no type for an SVG file; its name still says what it is. */
const LOGO_NAMES = /\.(png|jpe?g|svg)$/i

export const LOGO_MESSAGES = {
  type: 'The logo must be a PNG, JPEG or SVG image.',
  unreadable: 'The logo could not be read as an image. Try saving it again as a PNG.',
  tooDetailed: 'The logo is too detailed to keep; try a simpler image.',
} as const

const kilobytes = (bytes: number) => Math.ceil(bytes / 1024)

/** Why a chosen file cannot be a logo, or null when it can: checked before it is read. */
export function logoFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const typed = file.type === '' ? LOGO_NAMES.test(file.name) : LOGO_TYPES.has(file.type)
  if (!typed) return LOGO_MESSAGES.type
  if (file.size > LETTERHEAD_LIMITS.logoFileBytes) {
    return `The logo file is ${kilobytes(file.size)} KB; it must be at most ${kilobytes(LETTERHEAD_LIMITS.logoFileBytes)} KB.`
  }
  return null
}

/** Turns a chosen file into the PNG data URL a letterhead keeps. */
export type Rasterise = (file: File) => Promise<string>

/** The file as a data URL: the app's Content-Security-Policy lets images come from data:, not blob:. */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error(LOGO_MESSAGES.unreadable))
    reader.onerror = () => reject(new Error(LOGO_MESSAGES.unreadable))
    reader.readAsDataURL(file)
  })
}

async function loadImage(file: File, vector: boolean): Promise<HTMLImageElement> {
  // An SVG the system gave no type would be read as plain bytes, which no image decodes.
  const url = await readAsDataUrl(vector ? new Blob([file], { type: 'image/svg+xml' }) : file)
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error(LOGO_MESSAGES.unreadable))
    image.src = url
  })
}

/**
 * The size to draw at: the image's own, shrunk to fit 600 × 200. A raster
 * image is never enlarged (that only blurs it); an SVG, drawn from its
 * outlines, is drawn as large as fits. An SVG without a size of its own is
 * drawn to the whole box.
 */
function drawnSize(image: HTMLImageElement, vector: boolean) {
  const { logoWidth, logoHeight } = LETTERHEAD_LIMITS
  const width = image.naturalWidth || logoWidth
  const height = image.naturalHeight || logoHeight
  const fit = Math.min(logoWidth / width, logoHeight / height)
  const scale = vector ? fit : Math.min(1, fit)
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/**
 * Redraws the logo in the browser as a PNG data URL of at most 600 × 200
 * pixels, so the PDF and Word writers can embed it whatever it was (an SVG is
 * rasterised the same way). A logo still too large to keep is drawn smaller,
 * twice at most, before it is refused.
 */
export const rasteriseLogo: Rasterise = async (file) => {
  const vector = file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)
  const image = await loadImage(file, vector)
  let { width, height } = drawnSize(image, vector)
  for (let attempt = 0; attempt < 3; attempt++) {
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) throw new Error(LOGO_MESSAGES.unreadable)
    context.drawImage(image, 0, 0, width, height)
    let url: string
    try {
      url = canvas.toDataURL('image/png')
    } catch {
      // A browser that will not let an SVG it drew be read back.
      throw new Error(LOGO_MESSAGES.unreadable)
    }
    if (pngDataUrlSize(url) === null) throw new Error(LOGO_MESSAGES.unreadable)
    if (url.length <= LETTERHEAD_LIMITS.logoDataUrlChars) return url
    width = Math.max(1, Math.round(width * 0.7))
    height = Math.max(1, Math.round(height * 0.7))
  }
  throw new Error(LOGO_MESSAGES.tooDetailed)
}
