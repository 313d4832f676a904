import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { usePageFocus } from '@/app/page-focus'
import type { RouterContext } from '@/app/router-context'
import { Toaster } from '@/app/toaster'
import { ServiceWorkerPrompts } from '@/pwa/service-worker-prompts'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

function RootLayout() {
  usePageFocus()
  return (
    <>
      <Outlet />
      <Toaster />
      <ServiceWorkerPrompts />
    </>
  )
}
