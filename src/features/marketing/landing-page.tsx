import type { ReactNode } from 'react'
import { AboutSection } from './about-section'
import { ContactSection } from './contact-section'
import { LANDING_NAV } from './content'
import { FeaturesSection } from './features-section'
import { HeroSection } from './hero-section'
import { LandingShell } from './landing-shell'
import { PricingSection } from './pricing-section'
import { ServicesSection } from './services-section'

type LandingPageProps = {
  brand: ReactNode
  actions: ReactNode
  /** Whether Select Plan can go straight to checkout, or must sign up first. */
  signedIn?: boolean
}

/** The marketing page at `/`. */
export function LandingPage({ brand, actions, signedIn = false }: LandingPageProps) {
  return (
    <LandingShell brand={brand} actions={actions} links={LANDING_NAV}>
      <HeroSection />
      <AboutSection />
      <ServicesSection />
      <FeaturesSection />
      <PricingSection signedIn={signedIn} />
      <ContactSection />
    </LandingShell>
  )
}
