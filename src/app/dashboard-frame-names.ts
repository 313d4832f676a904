/**
 * The user dashboard's first-paint frame (decision 040): the build puts it in index.html, before
 * #root, drawn for a placeholder person; `public/theme-init.js` shows it at `/app` when this device
 * last showed a user's dashboard, and fills in what the device remembers of it (below) before
 * anything is painted. The page's own name for these, spelled the same in theme-init.js and
 * marketing.css.
 */
export const DASHBOARD_FRAME_ID = 'dashboard-frame'

/** On <html>: the frame shows (and #root stays hidden until the app's page replaces it). On the frame: that it is one. */
export const DASHBOARD_FRAME_ATTRIBUTE = 'data-dashboard-frame'

/** On an element of the frame: what theme-init writes into it (`name`, `letters`), or whether it stays (`no-letters-left`). */
export const FRAME_SLOT_ATTRIBUTE = 'data-frame-slot'

/** localStorage: what the frame needs to look as the dashboard will. */
export const DASHBOARD_FRAME_KEY = 'letterhead.dashboard-frame'

/** What the device remembers of the user dashboard it last showed, to draw its frame. */
export type RememberedDashboard = {
  /** The person's full name, for the greeting and the sender's name. */
  name: string
  /** How many letters My Letters counts. */
  letters: number
  /** Whether the note that no letters are left shows above the form. */
  noLettersLeft: boolean
}
