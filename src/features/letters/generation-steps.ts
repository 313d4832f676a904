/** The overlay's four stages, each a real point in a letter's creation. */
export const GENERATION_STEPS = [
  'Request Received',
  'Under Attorney Review',
  'Posted to My Letters',
  'Ready for Preview/Download',
] as const

/** Each stage stays on screen at least this long, so a person can read it. */
export const MIN_STEP_MS = 500
/** How long the finished overlay stays before it closes. */
export const FINISH_DELAY_MS = 1000

export type GenerationStep = 0 | 1 | 2 | 3 | 4

export const progressPercent = (step: GenerationStep) => (step / GENERATION_STEPS.length) * 100
