/** The overlay's four stages, each a real point in a letter's creation. */
export const GENERATION_STEPS = [
  'Request Received',
  'Under Attorney Review',
  'Posted to My Letters',
  'Ready for Preview/Download',
] as const

export type GenerationStepName = (typeof GENERATION_STEPS)[number]

/**
 * What a stage really is, said beneath its name: the seed's names stay, but
 * no line may suggest that a lawyer read the letter.
 */
export const STEP_NOTES: Partial<Record<GenerationStepName, string>> = {
  'Under Attorney Review':
    'An automated check that every amount, date and reference is traced to your answers',
  'Ready for Preview/Download': 'Your letter opens on its own page.',
}

/** Each stage stays on screen at least this long, so a person can read it. */
export const MIN_STEP_MS = 500
/** How long the finished overlay stays before the letter's page opens. */
export const FINISH_DELAY_MS = 1000

export type GenerationStep = 0 | 1 | 2 | 3 | 4

export const progressPercent = (step: GenerationStep) => (step / GENERATION_STEPS.length) * 100
