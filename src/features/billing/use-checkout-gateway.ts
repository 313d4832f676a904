import { useCallback, useEffect, useState } from 'react'
import { useRepository } from '@/data/repository-context'
import type { CheckoutGateway } from '@/domain/checkout'

export type GatewayState =
  | { status: 'loading' }
  | { status: 'ready'; gateway: CheckoutGateway }
  | { status: 'failed'; error: unknown }

/**
 * Who takes the payment, so the Payment step asks for a card only when the
 * gateway checks one. Asked when the Subscription tab opens, well before the
 * Payment step; the repository keeps the answer. Offline in server mode it is
 * not known: asked again when the device is back online, or on `retry`.
 */
export function useCheckoutGateway(): GatewayState & { retry: () => void } {
  const { payments } = useRepository()
  const [state, setState] = useState<GatewayState>({ status: 'loading' })

  const ask = useCallback(() => {
    let current = true
    payments.options().then(
      ({ gateway }) => current && setState({ status: 'ready', gateway }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    )
    return () => {
      current = false
    }
  }, [payments])

  useEffect(() => ask(), [ask])

  const failed = state.status === 'failed'
  useEffect(() => {
    if (!failed) return
    let stop = () => {}
    const again = () => {
      stop = ask()
    }
    window.addEventListener('online', again)
    return () => {
      window.removeEventListener('online', again)
      stop()
    }
  }, [failed, ask])

  return { ...state, retry: () => void ask() }
}
