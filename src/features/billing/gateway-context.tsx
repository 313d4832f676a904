import { createContext, type ReactNode, useContext } from 'react'
import type { PaymentGateway } from '@/domain/payment/payment-gateway'
import { createTestGateway } from '@/domain/payment/test-gateway'

/** No real processor is connected yet: the test gateway validates and never moves money. */
const defaultGateway = createTestGateway()

const GatewayContext = createContext<PaymentGateway>(defaultGateway)

export function PaymentGatewayProvider({
  gateway,
  children,
}: {
  gateway: PaymentGateway
  children: ReactNode
}) {
  return <GatewayContext.Provider value={gateway}>{children}</GatewayContext.Provider>
}

export const usePaymentGateway = () => useContext(GatewayContext)
