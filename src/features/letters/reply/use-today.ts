import { useEffect, useState } from 'react'

/** Milliseconds from `now` to the next local midnight. */
export function untilMidnight(now: Date): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  return midnight.getTime() - now.getTime()
}

/**
 * Today, renewed at local midnight: a page left open overnight moves from
 * "Reply due in 1 day" to "Due today" without a reload.
 */
export function useToday(): Date {
  const [today, setToday] = useState(() => new Date())
  useEffect(() => {
    // A second past midnight, so a timer that fires a little early still lands on the new day.
    const timer = setTimeout(() => setToday(new Date()), untilMidnight(today) + 1_000)
    return () => clearTimeout(timer)
  }, [today])
  return today
}
