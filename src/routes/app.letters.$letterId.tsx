import { createFileRoute, notFound } from '@tanstack/react-router'
import { isAppError } from '@/domain/errors'
import { LetterView } from '@/features/letters/letter-view'

export const Route = createFileRoute('/app/letters/$letterId')({
  // Another user's letter, or none, is simply not there: the 404 screen.
  loader: async ({ context, params }) => {
    try {
      await context.repository.letters.get(params.letterId)
    } catch (error) {
      if (isAppError(error) && ['NOT_FOUND', 'FORBIDDEN'].includes(error.code)) throw notFound()
      throw error
    }
  },
  component: LetterRoute,
})

function LetterRoute() {
  const { letterId } = Route.useParams()
  return <LetterView letterId={letterId} />
}
