import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { DASHBOARD_FRAME_ID, FRAME_SLOT_ATTRIBUTE } from '@/app/dashboard-frame-names'
import { DashboardLayout } from '@/app/role-dashboard'
import { deferredRepository } from '@/data/deferred-repository'
import { RepositoryProvider } from '@/data/repository-context'
import { ERROR_MESSAGES } from '@/domain/errors'
import type { User } from '@/domain/types'
import { UserDashboardView } from '@/features/letters/user-dashboard'
import { cutBefore, frameMarkup } from './frame-markup'

/** Stand-ins the markup is drawn with, replaced by slots theme-init fills from what the device remembers. */
const NAME = 'DashboardFrameName'
const LETTERS = 987654321

const FRAME_USER: User = {
  id: 'dashboard-frame',
  fullName: NAME,
  email: 'frame@example.com',
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

/**
 * The frame ends where the form's guided questions begin, below the first screen of a phone and of
 * a desktop: what follows is most of the form's markup (the hidden "More details" too), and every
 * byte of index.html is parsed before any page's first paint. The app's page adds it below.
 */
const MORE_BELOW = '>Make it stronger</legend>'

const slot = (name: string) => `${FRAME_SLOT_ATTRIBUTE}="${name}"`

/**
 * The user dashboard's first-paint frame (decision 040): the dashboard's Generate Letter tab as the
 * app draws it for someone with no letters left, every control disabled (build/frame-markup.ts).
 * Where it differs from person to person it has slots: the name in the greeting and the sender's
 * name, the count on My Letters, and the note that no letters are left, which goes when some are.
 */
export function renderDashboardFrame(): string {
  const repository = deferredRepository(() =>
    Promise.reject(new Error('The dashboard frame has no repository')),
  )
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/app'] }),
  })
  const noop = () => undefined
  const markup = renderToString(
    <RepositoryProvider repository={repository}>
      <RouterContextProvider router={router}>
        <DashboardLayout user={FRAME_USER}>
          <UserDashboardView
            user={FRAME_USER}
            search={{}}
            onSearchChange={noop}
            subscription={null}
            letters={LETTERS}
            credit={{ lettersLeft: 0, lettersOwed: 0 }}
          />
        </DashboardLayout>
      </RouterContextProvider>
    </RepositoryProvider>,
  )
  let framed = frameMarkup(DASHBOARD_FRAME_ID, markup)
  framed = replaceOnce(framed, `<!-- -->${NAME}</h1>`, `<!-- --><span ${slot('name')}></span></h1>`)
  // The form's fields take their values from react-hook-form as they mount: the markup has none.
  framed = replaceOnce(framed, 'name="senderName"/>', `name="senderName" ${slot('name')}/>`)
  framed = replaceOnce(framed, `(${LETTERS})`, `(<span ${slot('letters')}>0</span>)`)
  framed = markEnclosing(
    framed,
    ERROR_MESSAGES.NO_LETTERS_LEFT,
    '<div role="status"',
    slot('no-letters-left'),
  )
  const moreBelow = framed.indexOf(MORE_BELOW)
  if (moreBelow < 0) throw new Error(`dashboard frame: no ${MORE_BELOW} to end the frame before`)
  framed = cutBefore(framed, framed.lastIndexOf('<div', moreBelow))
  if (framed.includes(NAME) || framed.includes(String(LETTERS)))
    throw new Error('dashboard frame: a stand-in was left without its slot')
  return framed
}

function replaceOnce(markup: string, find: string, replacement: string): string {
  const at = markup.indexOf(find)
  if (at < 0 || markup.indexOf(find, at + 1) >= 0)
    throw new Error(`dashboard frame: expected ${find} once in the dashboard's markup`)
  return markup.slice(0, at) + replacement + markup.slice(at + find.length)
}

/** Adds `attribute` to the last `openTag` before `text`: the element that holds it. */
function markEnclosing(markup: string, text: string, openTag: string, attribute: string): string {
  const at = markup.indexOf(text)
  const tag = at < 0 ? -1 : markup.lastIndexOf(openTag, at)
  if (tag < 0) throw new Error(`dashboard frame: no ${openTag} holding "${text}"`)
  const end = tag + openTag.length
  return `${markup.slice(0, end)} ${attribute}${markup.slice(end)}`
}
