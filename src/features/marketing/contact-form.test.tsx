// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { AppError } from '@/domain/errors'
import type { ContactMessageInput } from '@/domain/contact-schema'
import { ContactForm } from './contact-form'

type Create = (input: ContactMessageInput) => Promise<unknown>

/** The form only needs messages.create; the rest of the repository is never reached. */
function renderForm(create: Create) {
  const spy = vi.fn(create)
  const repository = { messages: { create: spy } } as unknown as Repository
  render(
    <RepositoryProvider repository={repository}>
      <ContactForm />
      <Toaster />
    </RepositoryProvider>,
  )
  return { create: spy, user: userEvent.setup() }
}

/** The pointer over the form loads the form library, which takes the plain fields over; wait for that. */
async function takenOver(user: ReturnType<typeof userEvent.setup>) {
  const plain = screen.getByLabelText('Name')
  await user.hover(screen.getByRole('form', { name: 'Contact' }))
  await vi.waitFor(() => expect(screen.getByLabelText('Name')).not.toBe(plain))
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await takenOver(user)
  await user.type(screen.getByLabelText('Name'), '  Ada Lovelace ')
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com')
  await user.type(screen.getByLabelText('Subject'), 'Annual plan')
  await user.type(screen.getByLabelText('Message'), 'Does it renew by itself?')
}

const send = () => screen.getByRole('button', { name: 'Send Message' })

describe('contact form', () => {
  it('carries what was typed, the focus and the caret over when the form library takes over', async () => {
    renderForm(() => Promise.resolve({}))
    const plain = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
    fireEvent.change(plain('Email'), { target: { value: 'ada@example.com' } })
    fireEvent.change(plain('Message'), { target: { value: 'Hello there' } })
    const subject = plain('Subject')
    fireEvent.change(subject, { target: { value: 'Annual plan' } })
    subject.focus()
    subject.setSelectionRange(3, 3)
    await vi.waitFor(() => expect(screen.getByLabelText('Subject')).not.toBe(subject))

    const engine = screen.getByLabelText<HTMLInputElement>('Subject')
    expect(engine).toHaveFocus()
    expect([engine.selectionStart, engine.selectionEnd]).toEqual([3, 3])
    expect(engine).toHaveValue('Annual plan')
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
    expect(screen.getByLabelText('Message')).toHaveValue('Hello there')
    expect(screen.getByLabelText('Name')).toHaveValue('')
  })

  it('checks and sends a submit made before the form library loaded, once it has', async () => {
    const { create } = renderForm(() => Promise.resolve({}))
    fireEvent.submit(screen.getByRole('form', { name: 'Contact' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(create).not.toHaveBeenCalled()
  })

  it('names every empty field and sends nothing', async () => {
    const { create, user } = renderForm(() => Promise.resolve({}))
    await takenOver(user)
    await user.click(send())
    for (const message of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA')
    expect(create).not.toHaveBeenCalled()
  })

  it('refuses an address that is not an email', async () => {
    const { create, user } = renderForm(() => Promise.resolve({}))
    await fillIn(user)
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'ada-at-example')
    await user.click(send())
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    expect(create).not.toHaveBeenCalled()
  })

  it('stores the cleaned message, thanks the visitor and clears the form', async () => {
    const { create, user } = renderForm(() => Promise.resolve({}))
    await fillIn(user)
    await user.click(send())
    expect(await screen.findByText('Thank you — your message has been sent.')).toBeInTheDocument()
    expect(create).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Annual plan',
      message: 'Does it renew by itself?',
    })
    expect(screen.getByLabelText('Name')).toHaveValue('')
    expect(screen.getByLabelText('Message')).toHaveValue('')
  })

  it('disables the button while sending', async () => {
    let finish: (value: unknown) => void = () => undefined
    const { user } = renderForm(() => new Promise((resolve) => (finish = resolve)))
    await fillIn(user)
    await user.click(send())
    await vi.waitFor(() => expect(send()).toBeDisabled())
    finish({})
    await vi.waitFor(() => expect(send()).toBeEnabled())
  })

  it('puts a failure in the alert and keeps every word typed', async () => {
    const { user } = renderForm(() => Promise.reject(new Error('QuotaExceededError')))
    await fillIn(user)
    await user.click(send())
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your message could not be sent. Please try again.',
      ),
    )
    expect(screen.getByLabelText('Name')).toHaveValue('  Ada Lovelace ')
    expect(screen.getByLabelText('Message')).toHaveValue('Does it renew by itself?')
    expect(send()).toBeEnabled()
  })

  it('shows the repository’s own message when it refuses the input', async () => {
    const { user } = renderForm(() => Promise.reject(new AppError('INVALID_INPUT')))
    await fillIn(user)
    await user.click(send())
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.'),
    )
  })
})
