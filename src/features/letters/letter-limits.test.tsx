// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SAMPLE_LETTER } from '@/data/test-support'
import { SHORT_MAX } from '@/domain/letter-details'
import { MATTER_MAX } from '@/domain/letter-schema'
import { renderGenerateForm } from './guided/generate-form-harness'

describe('a letter answer past its limit', () => {
  it('keeps every pasted character, says how far over it is, and writes no letter', async () => {
    const { user, db } = await renderGenerateForm()
    await user.type(screen.getByLabelText('Your Address'), SAMPLE_LETTER.senderAddress)
    await user.type(screen.getByLabelText('Recipient Name'), SAMPLE_LETTER.recipientName)
    await user.type(screen.getByLabelText('Recipient Address'), SAMPLE_LETTER.recipientAddress)
    await user.type(screen.getByLabelText('Desired Resolution'), SAMPLE_LETTER.resolution)
    const pasted = `Unpaid invoice ${'word '.repeat(45)}end`
    const matter = screen.getByLabelText('Matter/Subject')
    await user.click(matter)
    await user.paste(pasted)
    expect(matter).toHaveValue(pasted)
    const over = pasted.length - MATTER_MAX
    expect(matter).toHaveAccessibleDescription(`${over} characters over the limit`)

    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    expect(
      await screen.findByText('Matter/Subject must be at most 200 characters'),
    ).toBeInTheDocument()
    expect(matter).toHaveValue(pasted)
    expect(await db.letters.count()).toBe(0)
  })
})

describe('a guided question the details schema limits', () => {
  it('counts down to its limit as the person nears it, like the six answers', async () => {
    const { user } = await renderGenerateForm()
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Legal Notice')
    const clause = screen.getByLabelText('Clause')
    await user.click(clause)
    await user.paste('7'.repeat(SHORT_MAX - 20))
    expect(clause).toHaveAccessibleDescription(/20 characters left/)
    await user.paste('7'.repeat(25))
    expect(clause).toHaveAccessibleDescription(/5 characters over the limit/)
    expect(clause).toHaveValue('7'.repeat(SHORT_MAX + 5))
  })
})
