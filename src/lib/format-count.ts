/**
 * A count as en-US writes it ("12,000"), without Intl. The first Intl formatter a page makes costs
 * 25–35 ms on a fast machine while the browser loads its locale data, four times that on a slow
 * phone; the schemas built as the app starts name their limits in messages, and must not pay it
 * (decision 039). Anything but a safe whole number goes to Intl.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US')
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return value < 0 ? `-${digits}` : digits
}
