import { createContext, type ReactNode, useContext } from 'react'

/** Sends the browser to Stripe's page; tests hand in their own to see where it would go. */
export type StripeRedirect = (checkoutUrl: string) => void

const leave: StripeRedirect = (checkoutUrl) => window.location.assign(checkoutUrl)

const StripeRedirectContext = createContext<StripeRedirect>(leave)

export function StripeRedirectProvider({
  redirect,
  children,
}: {
  redirect: StripeRedirect
  children: ReactNode
}) {
  return (
    <StripeRedirectContext.Provider value={redirect}>{children}</StripeRedirectContext.Provider>
  )
}

export const useStripeRedirect = () => useContext(StripeRedirectContext)
