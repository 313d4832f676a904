import { PassageQuestion, TextQuestion } from './guided-fields'

export function BusinessQuestions() {
  return (
    <>
      <PassageQuestion
        name="details.business.purpose"
        label="Purpose"
        hint="Why you are writing, in a sentence or two."
      />
      <PassageQuestion
        name="details.business.proposal"
        label="Proposal or Request"
        hint="What you offer or ask for, with the figures and dates that matter."
      />
      <TextQuestion
        name="details.business.nextStep"
        label="Next Step"
        hint="What you ask the reader to do next, such as Call me to arrange a meeting."
      />
    </>
  )
}
