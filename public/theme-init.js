// Applies the saved theme before the first paint, so a dark-theme user never sees a white flash.
// A file rather than an inline script, so the Content-Security-Policy can forbid inline scripts.
try {
  var theme = localStorage.getItem('letterhead.theme') || 'system'
  var dark =
    theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
} catch {
  // Storage refused (a private mode): the app applies the theme itself once it starts.
}
