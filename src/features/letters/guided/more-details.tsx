import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import { DELIVERY_METHODS } from '@/domain/letter-details'
import { cn } from '@/ui/cn'
import { ChoiceQuestion, LinesQuestion, TextQuestion } from './guided-fields'
import type { DetailsFormValues } from './letter-form-values'

/** The answers kept behind "More details": who writes and receives, how it is sent, where. */
export const MORE_DETAILS_FIELDS = [
  'senderTitle',
  'senderCompany',
  'senderPhone',
  'senderEmail',
  'recipientTitle',
  'recipientCompany',
  'deliveryMethod',
  'enclosures',
  'cc',
  'country',
  'region',
] as const satisfies readonly (keyof DetailsFormValues)[]

export const hasMoreDetails = (details: DetailsFormValues) =>
  MORE_DETAILS_FIELDS.some((key) => details[key].trim() !== '')

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold text-ink-700 dark:text-ink-200">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  )
}

function MoreDetailsQuestions() {
  return (
    <div className="flex flex-col gap-6">
      <Group title="About you">
        <TextQuestion
          name="details.senderTitle"
          label="Your Title"
          autoComplete="organization-title"
        />
        <TextQuestion
          name="details.senderCompany"
          label="Your Company"
          autoComplete="organization"
        />
        <TextQuestion
          name="details.senderPhone"
          label="Your Phone"
          type="tel"
          autoComplete="tel"
          hint="Such as (617) 555-0142."
        />
        <TextQuestion
          name="details.senderEmail"
          label="Your Email"
          type="email"
          autoComplete="email"
        />
      </Group>
      <Group title="About the recipient">
        <TextQuestion name="details.recipientTitle" label="Recipient Title" />
        <TextQuestion name="details.recipientCompany" label="Recipient Company" />
      </Group>
      <Group title="Sending">
        {/* Alone on its row, so the two lists below sit side by side. */}
        <div className="sm:col-span-2 sm:grid sm:grid-cols-2 sm:gap-4">
          <ChoiceQuestion
            name="details.deliveryMethod"
            label="Delivery Method"
            hint="How you will send it; the letter says so above the address."
            options={DELIVERY_METHODS}
          />
        </div>
        <LinesQuestion name="details.enclosures" label="Enclosures" hint="Documents you attach." />
        <LinesQuestion name="details.cc" label="Copies to (cc)" hint="Who else receives a copy." />
      </Group>
      <Group title="Jurisdiction">
        <TextQuestion
          name="details.country"
          label="Country"
          autoComplete="country-name"
          hint="Where the matter arises."
        />
        <TextQuestion
          name="details.region"
          label="State or Province"
          autoComplete="address-level1"
          hint="Such as Massachusetts or MA."
        />
      </Group>
    </div>
  )
}

type MoreDetailsProps = { open: boolean; onToggle: () => void }

/** Optional extras behind one button, so the form stays calm; the button says whether it is open. */
export function MoreDetails({ open, onToggle }: MoreDetailsProps) {
  const panelId = useId()
  const summaryId = `${panelId}-summary`
  return (
    <section className="rounded-lg border border-ink-100 dark:border-ink-800">
      <h2 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-describedby={summaryId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-3 rounded-t-lg px-4 pt-3 text-left font-serif text-lg font-semibold hover:text-ink-700 dark:hover:text-brass-300"
        >
          More details
          <ChevronDown
            aria-hidden
            className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h2>
      <p id={summaryId} className="px-4 pb-3 text-sm text-ink-500 dark:text-ink-300">
        Your title and contact details, the recipient’s, delivery, enclosures, copies and
        jurisdiction.
      </p>
      <div id={panelId} hidden={!open} className="border-t border-ink-100 p-4 dark:border-ink-800">
        <MoreDetailsQuestions />
      </div>
    </section>
  )
}
