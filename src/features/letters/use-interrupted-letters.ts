import { useEffect } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { failInterruptedLetters } from './interrupted-letters'

/** Once per visit to the dashboard: letters left half-written by a closed tab fail and give their credit back. */
export function useInterruptedLetters(userId: string) {
  const repository = useRepository()
  useEffect(() => {
    let active = true
    void failInterruptedLetters(repository)
      .then((count) => {
        if (!active || count === 0) return
        toast.info(
          count === 1
            ? 'A letter was interrupted before it was finished. Its credit was returned: retry it from My Letters.'
            : `${count} letters were interrupted before they were finished. Their credits were returned: retry them from My Letters.`,
          { id: 'interrupted-letters' },
        )
      })
      .catch(() => undefined)
    return () => {
      active = false
    }
  }, [repository, userId])
}
