import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * sonner adds its stylesheet as a <style> element at start-up. Rather than
 * allowing every inline style, the policy allows exactly that stylesheet by
 * its hash, read from the installed sonner so an upgrade cannot drift. The
 * element is inserted empty before its text is added, so the empty
 * stylesheet's hash is allowed too (it styles nothing).
 */
export function sonnerStyleHashes(): string {
  const require = createRequire(import.meta.url)
  const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8')
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1]
  if (!literal)
    throw new Error(
      'Could not find the stylesheet sonner injects; update build/content-security-policy.ts',
    )
  const css = JSON.parse(literal) as string
  return `${sha256(css)} ${sha256('')}`
}

/**
 * The production policy: only this origin's scripts (no inline script, no
 * eval), no plugins, no <base>. `connect-src` also allows any http(s) address
 * because the AI engine calls the endpoint a person configures in Settings.
 */
export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${sonnerStyleHashes()}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self' http: https:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ')
}

/** Puts the policy first in the built index.html; the dev server, which needs inline scripts, has none. */
export function contentSecurityPolicyPlugin(): Plugin {
  return {
    name: 'letterhead-content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy() },
          injectTo: 'head-prepend',
        },
      ],
    },
  }
}
