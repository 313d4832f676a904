import { CURRENCIES } from '@/domain/letter-details'
import { DateListQuestion } from './date-list-question'
import { ChoiceQuestion, PassageQuestion, TextQuestion } from './guided-fields'

export function DemandQuestions() {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <TextQuestion
          name="details.demand.amount"
          label="Amount Owed"
          hint="As on the invoice, such as $4,250 or 4250.00."
          inputMode="decimal"
          autoComplete="off"
        />
        <ChoiceQuestion
          name="details.demand.currency"
          label="Currency"
          options={CURRENCIES}
          unstated={null}
        />
      </div>
      <TextQuestion
        name="details.demand.amountFor"
        label="What the Amount Is For"
        hint="Such as invoice #1843 for the kitchen remodel of May 2026."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateListQuestion
          name="details.demand.dueDates"
          label="Date It Fell Due"
          hint="When payment was due; add each date if there were several."
          addLabel="Add another due date"
        />
        <DateListQuestion
          name="details.demand.previousRequests"
          label="Previous Request Date"
          hint="When you already asked for payment, if you did."
          addLabel="Add another request date"
        />
      </div>
      <PassageQuestion
        name="details.demand.paymentInstructions"
        label="Payment Instructions"
        hint="How to pay you: bank details, an address for a cheque, or a payment link."
      />
    </>
  )
}
