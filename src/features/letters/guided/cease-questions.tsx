import { RIGHTS_INFRINGED } from '@/domain/letter-details'
import { ChoiceQuestion, LinesQuestion, PassageQuestion, TextQuestion } from './guided-fields'

export function CeaseQuestions() {
  return (
    <>
      <PassageQuestion
        name="details.cease.conduct"
        label="The Conduct"
        hint="What the recipient is doing that must stop, in plain words."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextQuestion
          name="details.cease.conductSince"
          label="When It Began"
          hint="The day you first noticed it."
          type="date"
        />
        <ChoiceQuestion
          name="details.cease.rightInfringed"
          label="Right Infringed"
          hint="The right the conduct violates."
          options={RIGHTS_INFRINGED}
        />
      </div>
      <PassageQuestion
        name="details.cease.evidence"
        label="Evidence"
        hint="What shows it: screenshots, links, witnesses, dates."
      />
      <LinesQuestion
        name="details.cease.actionsDemanded"
        label="Actions Demanded"
        hint="Each thing the recipient must do, such as Remove the photos from your website."
      />
    </>
  )
}
