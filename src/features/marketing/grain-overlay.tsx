/**
 * Paper grain over the whole page; it never takes a click (pointer-events: none).
 * Absolute over the page rather than fixed, so it scrolls with the paper and costs nothing per frame.
 */
export function GrainOverlay() {
  return (
    <div
      aria-hidden
      data-grain
      className="landing-grain pointer-events-none absolute inset-0 z-50 select-none"
    />
  )
}
