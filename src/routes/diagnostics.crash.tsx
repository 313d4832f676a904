import { createFileRoute, notFound } from '@tanstack/react-router'

/** Builds made with VITE_DIAGNOSTICS=true can crash on purpose, to check the error screen and its record. */
const enabled = import.meta.env.VITE_DIAGNOSTICS === 'true'

export const Route = createFileRoute('/diagnostics/crash')({
  beforeLoad: () => {
    if (!enabled) throw notFound()
  },
  component: Crash,
})

function Crash(): never {
  throw new Error('Diagnostics: deliberate render crash')
}
