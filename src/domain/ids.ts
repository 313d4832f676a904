/** Client-generated ids, so rows made offline never collide with rows made elsewhere. */
export function newId(): string {
  return crypto.randomUUID()
}

export function nowIso(clock: () => Date = () => new Date()): string {
  return clock().toISOString()
}
