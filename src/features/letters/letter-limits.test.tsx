// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SAMPLE_LETTER } from '@/data/test-support'
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
