import { type ReactNode, StrictMode } from 'react'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { LandingPage } from '@/features/marketing/landing-page'
import { AppLinkProvider, type RenderAppLink } from '@/ui/app-link'
import { AppErrorBoundary } from '../app-error-boundary'
import { Brand } from '../brand'
import { SignedOutActions } from '../signed-out-actions'
import { ThemeProvider } from '../theme'

type LandingRootProps = {
  repository: Repository
  renderLink: RenderAppLink
  /** What only the browser mounts (the toaster, the service worker's prompts); they draw nothing at first. */
  browserOnly?: ReactNode
}

/**
 * The landing page for a visitor, as the build prerenders it into index.html and as the
 * browser then hydrates it (docs/decisions/033-lighthouse-and-first-paint.md): one tree for
 * both, so the markup matches. The account links are marked (`data-visitor-actions`) so that, with
 * the header's menu button, they stay hidden until React has the page (marketing.css).
 */
export function LandingRoot({ repository, renderLink, browserOnly }: LandingRootProps) {
  return (
    <StrictMode>
      <AppErrorBoundary repository={repository}>
        <RepositoryProvider repository={repository}>
          <ThemeProvider followSettings={false}>
            <AppLinkProvider value={renderLink}>
              <LandingPage
                brand={<Brand />}
                actions={
                  <div data-visitor-actions className="contents">
                    <SignedOutActions />
                  </div>
                }
              />
              <BrowserOnly>{browserOnly}</BrowserOnly>
            </AppLinkProvider>
          </ThemeProvider>
        </RepositoryProvider>
      </AppErrorBoundary>
    </StrictMode>
  )
}

/** Always one element in the same place, so the prerendered and hydrated trees keep the same shape (and useId the same ids). */
function BrowserOnly({ children }: { children: ReactNode }) {
  return <>{children}</>
}
