import { createRouter } from '@tanstack/react-router'
import type { Repository } from '@/data/repository'
import { currentSessionUser } from '@/features/auth/session-store'
import { routeTree } from '@/routeTree.gen'
import { ErrorScreen } from './error-screen'
import { NotFound } from './not-found'

export function createAppRouter(repository: Repository) {
  return createRouter({
    routeTree,
    context: { repository, currentUser: currentSessionUser },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ({ error }) => <ErrorScreen error={error} repository={repository} />,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
