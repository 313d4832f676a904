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
// The auth page has a frame of each tab in index.html (decision 039): show the one this address opens.
if (location.pathname === '/auth') {
  var search = new URLSearchParams(location.search)
  if (!search.has('view'))
    document.documentElement.setAttribute(
      'data-auth-frame',
      search.get('tab') === 'signup' ? 'signup' : 'login',
    )
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
      if (node.hasAttribute('data-auth-frame') && node.id !== frameShown) node.remove()
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
// has shown a frame, so the landing page's markup paints first. A tab opened in the background
// shows no frame and has nothing to show first: it starts at once.
var entry = document.currentScript && document.currentScript.getAttribute('data-entry')
if (entry) {
  var start = function () {
    unshown.disconnect()
    import(entry)
  }
  if (document.visibilityState === 'hidden') start()
  else
    requestAnimationFrame(function () {
      setTimeout(start)
    })
}
