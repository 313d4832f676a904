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
// The app's entry (the build names it, build/entry-after-first-frame.ts), started once the browser
// has shown a frame, so the landing page's markup paints first. A tab opened in the background
// shows no frame and has nothing to show first: it starts at once.
var entry = document.currentScript && document.currentScript.getAttribute('data-entry')
if (entry) {
  var start = function () {
    import(entry)
  }
  if (document.visibilityState === 'hidden') start()
  else
    requestAnimationFrame(function () {
      setTimeout(start)
    })
}
