/**
 * How the customer came back from Stripe's page (decision 026), as the
 * Subscription tab's `checkout` search parameter: after paying, or having
 * cancelled there. Apart from the checkout's schemas, since the dashboard's
 * route reads it on every start of the app.
 */
export const STRIPE_RETURNS = ['stripe-return', 'stripe-cancel'] as const
export type StripeReturn = (typeof STRIPE_RETURNS)[number]

/** Where Stripe sends the customer back: the Subscription tab, saying which way they left. */
export const stripeReturnPath = (how: StripeReturn) => `/app/?tab=subscription&checkout=${how}`
