import { PassageQuestion, TextQuestion } from './guided-fields'
import { STRENGTH_COUNT } from './letter-form-values'

function StrengthQuestion({ index }: { index: number }) {
  const number = index + 1
  return (
    <div className="flex flex-col gap-3 rounded-md border border-ink-100 p-3 dark:border-ink-800">
      <TextQuestion
        name={`details.recommendation.strengths.${index}.strength`}
        label={`Strength ${number}`}
        hint={index === 0 ? 'One quality in a few words, such as Calm under pressure.' : undefined}
      />
      <PassageQuestion
        name={`details.recommendation.strengths.${index}.example`}
        label={`Example of Strength ${number}`}
        hint={index === 0 ? 'A time you saw it: what happened and what came of it.' : undefined}
        rows={2}
      />
    </div>
  )
}

export function RecommendationQuestions() {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextQuestion
          name="details.recommendation.candidateName"
          label="Candidate"
          hint="The person you recommend."
        />
        <TextQuestion
          name="details.recommendation.candidateRole"
          label="Their Role"
          hint="Their position when you knew them."
        />
        <TextQuestion
          name="details.recommendation.relationship"
          label="Relationship"
          hint="How you know them, such as I was her manager."
        />
        <TextQuestion
          name="details.recommendation.knownFor"
          label="How Long You Have Known Them"
          hint="Such as four years."
        />
      </div>
      {Array.from({ length: STRENGTH_COUNT }, (_, index) => (
        <StrengthQuestion key={index} index={index} />
      ))}
      <TextQuestion
        name="details.recommendation.recommendedFor"
        label="Recommended For"
        hint="The position, program or award, such as the MBA program at Wharton."
      />
    </>
  )
}
