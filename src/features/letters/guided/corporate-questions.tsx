import { CORPORATE_KINDS } from '@/domain/letter-details'
import { ChoiceQuestion, LinesQuestion, TextQuestion } from './guided-fields'

export function CorporateQuestions() {
  return (
    <>
      <ChoiceQuestion
        name="details.corporate.documentKind"
        label="Document Kind"
        hint="What this document is."
        options={CORPORATE_KINDS}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextQuestion name="details.corporate.meetingDate" label="Meeting Date" type="date" />
        <TextQuestion name="details.corporate.meetingTime" label="Meeting Time" type="time" />
      </div>
      <TextQuestion
        name="details.corporate.meetingPlace"
        label="Meeting Place"
        hint="An address, or how to join online."
      />
      <LinesQuestion name="details.corporate.agenda" label="Agenda Items" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextQuestion
          name="details.corporate.recordDate"
          label="Record Date"
          hint="Who holds shares on this day may vote."
          type="date"
        />
        <TextQuestion
          name="details.corporate.quorum"
          label="Quorum"
          hint="Such as a majority of the shares entitled to vote."
        />
      </div>
    </>
  )
}
