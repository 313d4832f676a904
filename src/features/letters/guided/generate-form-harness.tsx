import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { dashboardSearchSchema } from '../dashboard-view'
import { GenerateLetterForm } from '../generate-letter-form'
import { builtInComposer } from '../generator/built-in-composer'
import { LetterGeneratorProvider } from '../generator/generator-context'
import type { LetterGenerator } from '../generator/letter-generator'

/**
 * For tests: the Generate form on `/app` (with the dashboard's search, so
 * `?followUp=` works) beside a stand-in for the letter's page, signed in as
 * Ada Lovelace with four letters to write. The real repository, on a fresh
 * fake-indexeddb database, lies behind both.
 */
export async function renderGenerateForm({
  generator = builtInComposer,
  prepare,
}: {
  generator?: LetterGenerator
  /** Runs once signed in, before the form appears; answers the page to open. */
  prepare?: (context: ReturnType<typeof createTestRepository>) => Promise<string | void>
} = {}) {
  const context = createTestRepository()
  await context.repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'password123',
    role: 'user',
  })
  await context.repo.subscriptions.create({ plan: 'annual4' })
  const start = (await prepare?.(context)) ?? '/app'

  const rootRoute = createRootRoute({
    component: () => (
      <RepositoryProvider repository={context.repo}>
        <LetterGeneratorProvider generator={generator}>
          <Outlet />
          <Toaster />
        </LetterGeneratorProvider>
      </RepositoryProvider>
    ),
  })
  const appRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/app',
    validateSearch: dashboardSearchSchema,
    component: function App() {
      const search = dashboardSearchSchema.parse(
        useRouterState({ select: (state) => state.location.search }),
      )
      return (
        <GenerateLetterForm
          fullName="Ada Lovelace"
          lettersLeft={4}
          onChoosePlan={() => undefined}
          followUp={search.followUp}
        />
      )
    },
  })
  const letterRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/app/letters/$letterId',
    component: function LetterPage() {
      return <h1>The letter’s page</h1>
    },
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([appRoute, letterRoute]),
    history: createMemoryHistory({ initialEntries: [start] }),
  })
  await router.load()
  // The overlay makes #root inert while it is up, as in the app.
  const root = document.createElement('div')
  root.id = 'root'
  document.body.append(root)
  render(<RouterProvider router={router} />, { container: root })
  return { ...context, router, user: userEvent.setup() }
}
