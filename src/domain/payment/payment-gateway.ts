/**
 * The seam between checkout and whoever takes the money. Checkout depends only
 * on this type, so the built-in test gateway can be swapped for a real
 * processor without touching the wizard or the repository.
 */

/**
 * What the customer typed on the Payment step, as typed (the number may hold
 * spaces). The number and CVV go to the gateway and nowhere else: nothing that
 * stores or logs data may receive this object.
 */
export type CardDetails = {
  cardNumber: string
  /** `MM/YY`. */
  expiryDate: string
  cvv: string
  cardholderName: string
  billingAddress?: string
  city?: string
  zipCode?: string
}

export type ChargeRequest = {
  /** Whole cents, greater than zero. */
  amountCents: number
  currency: 'USD'
  card: CardDetails
  /**
   * One key per purchase attempt. Repeating a request with the same key (a
   * double click, a retry after a dropped response) returns the first result
   * instead of charging again.
   */
  idempotencyKey: string
  /** Shown on the statement, e.g. `Letterhead Annual 4 Letters`. */
  description: string
}

/** All that may be kept after a charge: no card number, no CVV. */
export type ChargeResult = {
  chargeId: string
  cardBrand: string
  cardLast4: string
  amountCents: number
}

export type PaymentGateway = {
  /** Stable name recorded with the purchase, e.g. `test`. */
  readonly id: string
  /**
   * Charges the card once per idempotency key. Rejects with an `AppError`
   * whose message can be shown as is when the details are invalid or the
   * card is declined.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>
}
