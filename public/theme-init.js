// Runs before the first paint. A file rather than an inline script, so the Content-Security-Policy
// can forbid inline scripts.
// The saved theme, so a dark-theme user never sees a white flash.
try {
  var theme = localStorage.getItem('letterhead.theme') || 'system'
  var dark =
    theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
} catch {
  // Storage refused (a private mode): the app applies the theme itself once it starts.
}
// index.html carries the landing page's markup (decision 033); any other page hides it until the
// app replaces it.
if (location.pathname !== '/') document.documentElement.setAttribute('data-app-page', '')
// A form of the landing page's markup submitted before the app has the page goes nowhere
// (method="dialog"): the form keeps the request (data-submit-asked), which the app answers once it
// takes the form over (src/features/marketing/contact-form.tsx). Once React listens (data-live on
// #root), it answers submits itself.
if (location.pathname === '/')
  document.addEventListener(
    'submit',
    function (event) {
      var root = document.getElementById('root')
      var form = event.target
      if (root && !root.hasAttribute('data-live') && root.contains(form))
        form.setAttribute('data-submit-asked', '')
    },
    true,
  )
// The auth page has a frame of each tab in index.html (decision 039): show the one this address opens.
if (location.pathname === '/auth') {
  var search = new URLSearchParams(location.search)
  if (!search.has('view'))
    document.documentElement.setAttribute(
      'data-auth-frame',
      search.get('tab') === 'signup' ? 'signup' : 'login',
    )
}
// The user dashboard has a frame in index.html (decision 040), drawn for nobody in particular: it
// shows at the dashboard's first tab when this device remembers the dashboard it last showed
// (src/app/dashboard-frame.ts), and takes from that the name, the letter count and whether the
// note that no letters are left shows.
var dashboard = null
if (
  location.pathname === '/app' &&
  (location.search === '' || location.search === '?tab=generate')
) {
  try {
    dashboard = JSON.parse(localStorage.getItem('letterhead.dashboard-frame') || 'null')
  } catch {
    dashboard = null
  }
  if (
    dashboard &&
    typeof dashboard.name === 'string' &&
    typeof dashboard.letters === 'number' &&
    typeof dashboard.noLettersLeft === 'boolean'
  )
    document.documentElement.setAttribute('data-dashboard-frame', '')
  else dashboard = null
}
function fillDashboard(node) {
  var slots = Array.prototype.slice.call(node.querySelectorAll('[data-frame-slot]'))
  if (node.hasAttribute('data-frame-slot')) slots.push(node)
  slots.forEach(function (slot) {
    var what = slot.getAttribute('data-frame-slot')
    if (what === 'name' && slot.tagName === 'INPUT') slot.setAttribute('value', dashboard.name)
    else if (what === 'name') slot.textContent = dashboard.name
    else if (what === 'letters') slot.textContent = String(dashboard.letters)
    else if (what === 'no-letters-left' && !dashboard.noLettersLeft) slot.remove()
    slot.removeAttribute('data-frame-slot')
  })
}
// Markup this page does not show leaves as the parser adds it, so nothing hidden is in the page
// beside what shows: the auth frames but the one named, and the landing page's markup anywhere but
// at /. Until the entry starts, whatever arrives in the body is the parser's; src/main.tsx drops
// anything that came later.
var frameShown = 'auth-frame-' + document.documentElement.getAttribute('data-auth-frame')
var unshown = new MutationObserver(function (records) {
  records.forEach(function (record) {
    record.addedNodes.forEach(function (node) {
      if (node.nodeType !== 1) return
      if (node.id === 'dashboard-frame' && !dashboard) node.remove()
      else if (node.id === 'dashboard-frame') {
        fillDashboard(node)
        // The parser may add the rest of it later.
        unshown.observe(node, { childList: true, subtree: true })
      } else if (dashboard && node.closest('#dashboard-frame')) fillDashboard(node)
      else if (node.hasAttribute('data-auth-frame') && node.id !== frameShown) node.remove()
      else if (record.target.id === 'root' && location.pathname !== '/') node.remove()
      else if (node.id === 'root') {
        if (location.pathname !== '/') node.replaceChildren()
        unshown.observe(node, { childList: true })
      }
    })
  })
})
unshown.observe(document.body, { childList: true })
document.addEventListener('DOMContentLoaded', function () {
  unshown.disconnect()
})
// The app's entry (the build names it, build/entry-after-first-frame.ts), started once the browser
// has shown the page's first paint, so what index.html draws paints first. A tab opened in the
// background shows no frame and has nothing to show first: it starts at once.
var entry = document.currentScript && document.currentScript.getAttribute('data-entry')
if (entry) {
  var started = false
  var start = function () {
    if (started) return
    started = true
    unshown.disconnect()
    import(entry)
  }
  // A page drawn from index.html (the landing page, a frame) waits until the browser reports its
  // first contentful paint, which comes once that paint is shown: the app's code, its requests and
  // its first long tasks then come after the page's first look rather than in its way (decision
  // 041). A page with nothing to show before the app starts after the first frame.
  var drawn =
    location.pathname === '/' ||
    document.documentElement.hasAttribute('data-auth-frame') ||
    dashboard !== null
  if (document.visibilityState === 'hidden') start()
  else if (drawn) {
    try {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        setTimeout(start)
      }).observe({ type: 'paint', buffered: true })
    } catch {
      // No paint timing in this browser: the frame below will do.
    }
    requestAnimationFrame(function () {
      setTimeout(start, 300)
    })
  } else
    requestAnimationFrame(function () {
      setTimeout(start)
    })
}
