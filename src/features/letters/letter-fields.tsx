import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import {
  ADDRESS_MAX,
  LETTER_TYPES,
  MATTER_MAX,
  NAME_MAX,
  RESOLUTION_MAX,
} from '@/domain/letter-schema'
import { SelectField } from '@/ui/select-field'
import { TextField } from '@/ui/text-field'
import { TextareaField } from '@/ui/textarea-field'
import type { LetterFormValues } from './guided/letter-form-values'

type LetterFieldsProps = {
  register: UseFormRegister<LetterFormValues>
  errors: FieldErrors<LetterFormValues>
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-ink-100 p-4 dark:border-ink-800">
      <legend className="px-1 font-serif text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  )
}

/** The seven answers a letter is written from, grouped as the seed's form groups them. */
export function LetterFields({ register, errors }: LetterFieldsProps) {
  return (
    <div className="flex flex-col gap-5">
      <SelectField
        label="Letter Type"
        options={LETTER_TYPES}
        error={errors.type?.message}
        {...register('type')}
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <Section title="Sender">
          <TextField
            label="Your Name"
            autoComplete="name"
            limit={NAME_MAX}
            error={errors.senderName?.message}
            {...register('senderName')}
          />
          <TextareaField
            label="Your Address"
            autoComplete="street-address"
            rows={3}
            limit={ADDRESS_MAX}
            error={errors.senderAddress?.message}
            {...register('senderAddress')}
          />
        </Section>
        <Section title="Recipient">
          <TextField
            label="Recipient Name"
            limit={NAME_MAX}
            error={errors.recipientName?.message}
            {...register('recipientName')}
          />
          <TextareaField
            label="Recipient Address"
            rows={3}
            limit={ADDRESS_MAX}
            error={errors.recipientAddress?.message}
            {...register('recipientAddress')}
          />
        </Section>
      </div>
      <Section title="Letter Details">
        <TextField
          label="Matter/Subject"
          limit={MATTER_MAX}
          error={errors.matter?.message}
          {...register('matter')}
        />
        <TextareaField
          label="Desired Resolution"
          rows={5}
          limit={RESOLUTION_MAX}
          hint="What you want the recipient to do."
          error={errors.resolution?.message}
          {...register('resolution')}
        />
      </Section>
    </div>
  )
}
