import type { LetterType } from '@/domain/letter-schema'
import { BusinessQuestions } from './business-questions'
import { CeaseQuestions } from './cease-questions'
import { CorporateQuestions } from './corporate-questions'
import { DemandQuestions } from './demand-questions'
import { NoticeQuestions } from './notice-questions'
import { RecommendationQuestions } from './recommendation-questions'

const QUESTIONS: Record<LetterType, () => React.ReactNode> = {
  'Demand Letter': DemandQuestions,
  'Cease and Desist': CeaseQuestions,
  'Legal Notice': NoticeQuestions,
  'Business Letter': BusinessQuestions,
  'Recommendation Letter': RecommendationQuestions,
  'Corporate Document': CorporateQuestions,
}

/** Where the type's own questions begin, named by what they are about. */
const TOPIC: Record<LetterType, string> = {
  'Demand Letter': 'The money owed',
  'Cease and Desist': 'The conduct to stop',
  'Legal Notice': 'The notice',
  'Business Letter': 'The proposal',
  'Recommendation Letter': 'The candidate',
  'Corporate Document': 'The meeting',
}

/**
 * The chosen type's own questions. The others unmount, but the form keeps
 * their answers, so switching the type and back restores them.
 */
export function TypeQuestions({ type }: { type: LetterType }) {
  const Questions = QUESTIONS[type]
  if (!Questions) return null
  return (
    <>
      <h2 className="mt-2 border-t border-ink-100 pt-4 text-sm font-semibold text-ink-700 dark:border-ink-800 dark:text-ink-200">
        {TOPIC[type]}
      </h2>
      <Questions />
    </>
  )
}
