/** The rows of `db.execute`: PGlite's driver answers `{rows}`, node-postgres' a result with `rows`. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? [])
