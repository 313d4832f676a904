// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SAMPLE_LETTER } from '@/data/test-support'
import { LETTER_TYPES, type LetterInput } from '@/domain/letter-schema'
import { renderGenerateForm } from './generate-form-harness'

type User = ReturnType<typeof userEvent.setup>

/** One question each type alone asks, found by its label. */
const OWN_QUESTION = {
  'Demand Letter': 'Amount Owed',
  'Cease and Desist': 'The Conduct',
  'Legal Notice': 'Cure Period (days)',
  'Business Letter': 'Proposal or Request',
  'Recommendation Letter': 'Strength 1',
  'Corporate Document': 'Agenda Items',
} as const

async function renderWatched() {
  const harness = await renderGenerateForm()
  const create = vi.spyOn(harness.repo.letters, 'create')
  /** The answers the form handed to the repository, once their letter has opened on its page. */
  const submitted = async (): Promise<LetterInput> => {
    await screen.findByRole('heading', { name: 'The letter’s page' }, { timeout: 5000 })
    expect(create).toHaveBeenCalledTimes(1)
    const [input] = create.mock.calls[0] ?? []
    if (!input) throw new Error('Nothing was submitted')
    return input
  }
  return { ...harness, create, submitted }
}

async function fillRequired(user: User, type: string = 'Demand Letter') {
  await user.selectOptions(screen.getByLabelText('Letter Type'), type)
  await user.type(screen.getByLabelText('Your Address'), SAMPLE_LETTER.senderAddress)
  await user.type(screen.getByLabelText('Recipient Name'), SAMPLE_LETTER.recipientName)
  await user.type(screen.getByLabelText('Recipient Address'), SAMPLE_LETTER.recipientAddress)
  await user.type(screen.getByLabelText('Matter/Subject'), SAMPLE_LETTER.matter)
  await user.type(screen.getByLabelText('Desired Resolution'), SAMPLE_LETTER.resolution)
}

const generate = (user: User) =>
  user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))

const openMoreDetails = async (user: User) => {
  const more = screen.getByRole('button', { name: 'More details' })
  if (more.getAttribute('aria-expanded') !== 'true') await user.click(more)
}

afterEach(() => {
  toast.dismiss()
})

describe('guided questions', () => {
  it('asks each type its own questions and not the others’', async () => {
    const { user } = await renderWatched()
    for (const type of LETTER_TYPES) {
      await user.selectOptions(screen.getByLabelText('Letter Type'), type)
      for (const [other, label] of Object.entries(OWN_QUESTION)) {
        if (other === type) expect(screen.getByLabelText(label)).toBeVisible()
        else expect(screen.queryByLabelText(label)).not.toBeInTheDocument()
      }
      const asks = !['Recommendation Letter', 'Corporate Document'].includes(type)
      expect(Boolean(screen.queryByLabelText('Reply Within (days)'))).toBe(asks)
      expect(
        Boolean(screen.queryByLabelText('This is a settlement offer (Without prejudice)')),
      ).toBe(asks)
      expect(screen.getByLabelText('Reference Number')).toBeVisible()
    }
  })

  it('keeps every question reachable, with its help tied to it', async () => {
    const { user } = await renderWatched()
    const more = screen.getByRole('button', { name: 'More details' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByLabelText('Your Title')).not.toBeVisible()
    more.focus()
    await user.keyboard('{Enter}')
    expect(more).toHaveAttribute('aria-expanded', 'true')
    for (const label of [
      'Your Title',
      'Your Company',
      'Your Phone',
      'Your Email',
      'Recipient Title',
      'Recipient Company',
      'Delivery Method',
      'Enclosures',
      'Copies to (cc)',
      'Country',
      'State or Province',
    ])
      expect(screen.getByLabelText(label)).toBeVisible()
    expect(screen.getByLabelText('Amount Owed')).toHaveAccessibleDescription(
      'As on the invoice, such as $4,250 or 4250.00.',
    )
    const delivery = screen.getByLabelText('Delivery Method')
    expect(
      within(delivery)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Not stated',
      'Certified Mail, Return Receipt Requested',
      'Email',
      'Hand Delivery',
      'First-Class Mail',
    ])
    expect(screen.getByLabelText('Reply Within (days)')).toHaveValue(30)
  })

  it('sends no details when the optional questions are left empty', async () => {
    const { user, submitted } = await renderWatched()
    await fillRequired(user)
    await generate(user)
    const input = await submitted()
    expect(input).not.toHaveProperty('details')
    expect(input).toMatchObject({ type: 'Demand Letter', matter: SAMPLE_LETTER.matter })
  })

  it('reads the amount owed as cents, in the chosen currency', async () => {
    const { user, submitted } = await renderWatched()
    await fillRequired(user)
    await user.type(screen.getByLabelText('Amount Owed'), '$4,250')
    await user.type(screen.getByLabelText('What the Amount Is For'), 'Invoice #1843')
    await user.type(screen.getByLabelText('Date It Fell Due'), '2026-03-03')
    await user.click(screen.getByRole('button', { name: 'Add another due date' }))
    await user.type(screen.getByLabelText('Date It Fell Due (2)'), '2026-04-03')
    await generate(user)
    expect((await submitted()).details).toEqual({
      demand: {
        amountCents: 425_000,
        currency: 'USD',
        amountFor: 'Invoice #1843',
        dueDates: ['2026-03-03', '2026-04-03'],
      },
    })
  })

  it('reads 4250.00 in pounds when GBP is chosen', async () => {
    const { user, submitted } = await renderWatched()
    await fillRequired(user)
    await user.type(screen.getByLabelText('Amount Owed'), '4250.00')
    await user.selectOptions(screen.getByLabelText('Currency'), 'GBP')
    await generate(user)
    expect((await submitted()).details).toEqual({
      demand: { amountCents: 425_000, currency: 'GBP' },
    })
  })

  it('refuses an amount that is not one, with a clear message, and writes nothing', async () => {
    const { user, create, db } = await renderWatched()
    await fillRequired(user)
    await user.type(screen.getByLabelText('Amount Owed'), 'four thousand')
    await generate(user)
    expect(
      await screen.findByText('Amount Owed must be an amount of money, such as $4,250 or 4250.00'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Amount Owed')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Amount Owed')).toHaveFocus()
    await user.clear(screen.getByLabelText('Amount Owed'))
    await user.type(screen.getByLabelText('Amount Owed'), '£80')
    await generate(user)
    expect(
      await screen.findByText(/Amount Owed is written in GBP but the currency chosen is USD/),
    ).toBeInTheDocument()
    expect(create).not.toHaveBeenCalled()
    expect(await db.letters.count()).toBe(0)
    expect(screen.getByLabelText('Amount Owed')).toHaveValue('£80')
  })

  it('shows what is wrong behind More details, opens it and submits nothing', async () => {
    const { user, create } = await renderWatched()
    await fillRequired(user)
    await openMoreDetails(user)
    await user.type(screen.getByLabelText('Your Email'), 'ada at example')
    await user.click(screen.getByRole('button', { name: 'More details' }))
    await user.clear(screen.getByLabelText('Reply Within (days)'))
    await user.type(screen.getByLabelText('Reply Within (days)'), '400')
    await generate(user)
    expect(
      await screen.findByText('Reply Within (days) must be at most 365 days'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Your email must be an email address, such as name@example.com'),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'More details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(screen.getByLabelText('Your Email')).toHaveAccessibleDescription(
      'Your email must be an email address, such as name@example.com',
    )
    expect(create).not.toHaveBeenCalled()
  })

  it('asks for the example of a strength given without one', async () => {
    const { user, create } = await renderWatched()
    await fillRequired(user, 'Recommendation Letter')
    await user.type(screen.getByLabelText('Strength 2'), 'Calm under pressure')
    await generate(user)
    expect(await screen.findByText('Example cannot be blank')).toBeInTheDocument()
    expect(screen.getByLabelText('Example of Strength 2')).toHaveAttribute('aria-invalid', 'true')
    expect(create).not.toHaveBeenCalled()
  })

  it('submits only the chosen type’s section, and restores each type’s answers on switching back', async () => {
    const { user, submitted } = await renderWatched()
    await fillRequired(user)
    await user.type(screen.getByLabelText('Reference Number'), 'INV-1843')
    await user.type(screen.getByLabelText('Amount Owed'), '4250')
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Cease and Desist')
    await user.type(screen.getByLabelText('The Conduct'), 'Using my photographs')
    await user.type(
      screen.getByLabelText('Actions Demanded'),
      'Remove the photographs{Enter}{Enter}Confirm in writing',
    )
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Demand Letter')
    expect(screen.getByLabelText('Amount Owed')).toHaveValue('4250')
    expect(screen.getByLabelText('Reference Number')).toHaveValue('INV-1843')
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Cease and Desist')
    expect(screen.getByLabelText('The Conduct')).toHaveValue('Using my photographs')
    await generate(user)
    expect((await submitted()).details).toEqual({
      reference: 'INV-1843',
      cease: {
        conduct: 'Using my photographs',
        actionsDemanded: ['Remove the photographs', 'Confirm in writing'],
      },
    })
  })

  it('sends the settlement mark and Reply Within only for types that ask for a reply', async () => {
    const { user, submitted } = await renderWatched()
    await fillRequired(user, 'Business Letter')
    await user.clear(screen.getByLabelText('Reply Within (days)'))
    await user.type(screen.getByLabelText('Reply Within (days)'), '14')
    await user.click(screen.getByLabelText('This is a settlement offer (Without prejudice)'))
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Corporate Document')
    await user.type(screen.getByLabelText('Agenda Items'), 'Approve the accounts')
    await generate(user)
    expect((await submitted()).details).toEqual({
      corporate: { agenda: ['Approve the accounts'] },
    })
  })

  it('says politely which answers would make the letter stronger', async () => {
    const { user } = await renderWatched()
    expect(
      screen.getByText(
        'Stronger with: Amount Owed, what the amount is for and the date it fell due.',
      ),
    ).toBeInTheDocument()
    await user.type(screen.getByLabelText('Amount Owed'), '100')
    await user.type(screen.getByLabelText('Date It Fell Due'), '2026-03-03')
    expect(screen.getByText('Stronger with: what the amount is for.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('What the Amount Is For'), 'Rent')
    expect(screen.queryByText(/Stronger with/)).not.toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Legal Notice')
    expect(
      screen.getByText(
        'Stronger with: the kind of notice, the contract or obligation and the cure period.',
      ),
    ).toBeInTheDocument()
  })
})

describe('notice periods and cure periods', () => {
  it('warns when a Massachusetts demand gives 14 days, with the statute one link away, and not at 30', async () => {
    const { user } = await renderWatched()
    await openMoreDetails(user)
    await user.type(screen.getByLabelText('Country'), 'United States')
    await user.type(screen.getByLabelText('State or Province'), 'MA')
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    const replyWithin = screen.getByLabelText('Reply Within (days)')
    await user.clear(replyWithin)
    await user.type(replyWithin, '14')
    const warning = screen.getByRole('note')
    expect(warning).toHaveTextContent(
      "Massachusetts requires at least 30 days' written notice before a claim under the Massachusetts Consumer Protection Act (Mass. Gen. Laws ch. 93A, § 9(3)); Reply Within is 14 days. This is information, not legal advice.",
    )
    const statute = within(warning).getByRole('link', {
      name: /Mass\. Gen\. Laws ch\. 93A, § 9\(3\)/,
    })
    expect(statute).toHaveAttribute(
      'href',
      'https://malegislature.gov/Laws/GeneralLaws/PartI/TitleXV/Chapter93A/Section9',
    )
    expect(statute).toHaveAttribute('target', '_blank')
    expect(statute.getAttribute('rel')).toContain('noopener')
    await user.clear(replyWithin)
    await user.type(replyWithin, '30')
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
  })

  it('does not warn for a jurisdiction without a known notice period, nor for other types', async () => {
    const { user } = await renderWatched()
    await openMoreDetails(user)
    await user.type(screen.getByLabelText('State or Province'), 'Vermont')
    await user.clear(screen.getByLabelText('Reply Within (days)'))
    await user.type(screen.getByLabelText('Reply Within (days)'), '7')
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    await user.clear(screen.getByLabelText('State or Province'))
    await user.type(screen.getByLabelText('State or Province'), 'Texas')
    expect(screen.getByRole('note')).toHaveTextContent('Texas requires at least 60 days')
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Cease and Desist')
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
  })

  it('warns a legal notice whose Reply Within is shorter than its cure period', async () => {
    const { user } = await renderWatched()
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Legal Notice')
    await user.type(screen.getByLabelText('Cure Period (days)'), '45')
    expect(screen.getByRole('note')).toHaveTextContent(
      'Reply Within is 30 days, shorter than the 45-day cure period',
    )
    await user.clear(screen.getByLabelText('Reply Within (days)'))
    await user.type(screen.getByLabelText('Reply Within (days)'), '45')
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
  })
})
