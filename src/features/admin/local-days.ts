/** Midnight starting `day` (`2026-11-25`) plus `days`, in this device's time zone. */
function localMidnight(day: string, days = 0): Date {
  const [year = NaN, month = NaN, date = NaN] = day.split('-').map(Number)
  const midnight = new Date(0)
  // setFullYear, since the Date constructor reads years 0–99 as 1900–1999.
  midnight.setFullYear(year, month - 1, date + days)
  midnight.setHours(0, 0, 0, 0)
  return midnight
}

/**
 * The admin's days as the instants they span where the admin is, so a row
 * dated the 25th on screen is in a range that ends on the 25th: `from`'s
 * first millisecond and `to`'s last, as ISO times the server takes.
 */
export function localDayRange(from: string | undefined, to: string | undefined) {
  return {
    from: from === undefined ? undefined : localMidnight(from).toISOString(),
    to: to === undefined ? undefined : new Date(localMidnight(to, 1).getTime() - 1).toISOString(),
  }
}
