import { renderToString } from 'react-dom/server'
import { RepositoryProvider } from '@/data/repository-context'
import { deferredRepository } from '@/data/deferred-repository'
import { AuthLayout } from '@/app/auth-layout'
import { AuthScreen } from '@/features/auth/auth-screen'
import type { AuthTab } from '@/features/auth/auth-tabs'

/** React hoists a preload for each image it renders; the brand's icon needs none. */
const HOISTED_LINKS = /^(?:<link [^>]*\/>)+/
const CONTROL = /<(button|input|select|textarea)\b/g
/** A file input takes files from a script even when disabled; the frame's is never wanted. */
const FILE_INPUT = /<input\b[^>]*\btype="file"[^>]*\/>/g
/** Class names that apply only to disabled controls (`disabled:…`, `dark:disabled:…`). */
const DISABLED_VARIANT = /(?:^|\s)(?:[\w-]+:)*disabled:\S+/g

/**
 * The auth page's first-paint frame for one tab (decision 039): the page as the app draws it, with
 * every control disabled, since nothing may be typed that the app's page would then drop, and no
 * file input (Import Backup's is hidden, and a disabled one still takes files from a script). The
 * look of a disabled control is taken out, so the frame looks as the live page will. Ids carry
 * the frame's name, so no frame's id is another's or the app's.
 */
export function renderAuthFrame(tab: AuthTab): string {
  const repository = deferredRepository(() =>
    Promise.reject(new Error('The auth page frame has no repository')),
  )
  const noop = () => undefined
  const markup = renderToString(
    <RepositoryProvider repository={repository}>
      <AuthLayout>
        <AuthScreen tab={tab} onTabChange={noop} onSignedIn={noop} />
      </AuthLayout>
    </RepositoryProvider>,
  )
  return markup
    .replace(HOISTED_LINKS, '')
    .replace(FILE_INPUT, '')
    .replace(/\sid="([^"]+)"/g, ` id="auth-frame-${tab}-$1"`)
    .replace(
      /\s(aria-labelledby|aria-controls|aria-describedby|for)="([^"]+)"/g,
      (_, name: string, ids: string) =>
        ` ${name}="${ids
          .split(' ')
          .map((id) => `auth-frame-${tab}-${id}`)
          .join(' ')}"`,
    )
    .replace(CONTROL, '<$1 disabled=""')
    .replace(
      /\sclass="([^"]*)"/g,
      (_, classes: string) => ` class="${classes.replace(DISABLED_VARIANT, '').trim()}"`,
    )
}
