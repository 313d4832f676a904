import { createFileRoute } from '@tanstack/react-router'
import { Brand } from '@/app/brand'
import { SiteNavActions } from '@/app/site-nav'
import { LandingPage } from '@/features/marketing/landing-page'

export const Route = createFileRoute('/')({
  component: () => <LandingPage brand={<Brand />} actions={<SiteNavActions />} />,
})
