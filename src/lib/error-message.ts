/** The words of anything thrown: an Error's message, or the value itself as text. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)
