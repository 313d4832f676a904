import { createFileRoute } from '@tanstack/react-router'
import { Brand } from '@/app/brand'
import { SiteNavActions } from '@/app/site-nav'
import { useSessionStore } from '@/features/auth/session-store'
import { LandingPage } from '@/features/marketing/landing-page'

export const Route = createFileRoute('/')({
  component: LandingRoute,
})

/** The landing page inside the app: someone signed in goes from Select Plan straight to checkout. */
function LandingRoute() {
  const signedIn = useSessionStore((state) => state.user !== null)
  return <LandingPage brand={<Brand />} actions={<SiteNavActions />} signedIn={signedIn} />
}
