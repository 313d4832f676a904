// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster, toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/data/query-client'
import { RepositoryProvider } from '@/data/repository-context'
import type { Repository } from '@/data/repository'
import type { AiStatus } from '@/data/server-ai-repository'
import { createTestRepository, withFailingSettingsWrites } from '@/data/test-support'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import { SETTING_KEYS } from '@/domain/settings'
import { EngineSettingsForm } from './engine-settings-form'
import { useLetterGenerator } from './generator/generator-context'
import { LetterEngineProvider } from './use-letter-engine'

/** Shows which engine the letter forms below the provider would use. */
function EngineProbe() {
  return <output aria-label="Engine in use">{useLetterGenerator().id}</output>
}

const AI_SETTINGS = {
  kind: 'openai-compatible',
  baseUrl: 'https://llm.example.com/v1',
  model: 'letter-model',
  apiKey: 'sk-saved',
} as const

/** The repository with a server whose AI answers `status` (server mode). */
const withServerAi =
  (status: () => Promise<AiStatus>) =>
  (repository: Repository): Repository => ({
    ...repository,
    serverAi: { ...repository.serverAi, status },
  })

async function renderForm(saved?: unknown, wrap = (repository: Repository) => repository) {
  const context = createTestRepository()
  await context.repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'password123',
    role: 'user',
  })
  if (saved !== undefined) await context.repo.settings.set(SETTING_KEYS.letterEngine, saved)
  render(
    // A client of the test's own: the server's answer is not carried from one test to the next.
    <QueryClientProvider client={createQueryClient()}>
      <RepositoryProvider repository={wrap(context.repo)}>
        <LetterEngineProvider>
          <EngineSettingsForm />
          <EngineProbe />
        </LetterEngineProvider>
        <Toaster />
      </RepositoryProvider>
    </QueryClientProvider>,
  )
  await screen.findByRole('form', { name: 'Letter engine' })
  return { ...context, user: userEvent.setup() }
}

const engineForm = () => screen.getByRole('form', { name: 'Letter engine' })

const stored = (repo: Awaited<ReturnType<typeof renderForm>>['repo']) =>
  repo.settings.get(SETTING_KEYS.letterEngine)

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('engine settings form', () => {
  it('starts on the built-in engine, with no endpoint fields', async () => {
    await renderForm()
    expect(screen.getByRole('radio', { name: 'Built-in (works offline)' })).toBeChecked()
    expect(screen.queryByLabelText('Base URL')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Test Connection' })).not.toBeInTheDocument()
  })

  it('says what is wrong and saves nothing until the endpoint is valid', async () => {
    const { user, repo } = await renderForm()
    await user.click(screen.getByRole('radio', { name: 'AI model (OpenAI-compatible)' }))
    await user.type(screen.getByLabelText('Base URL'), 'ftp://files.example.com')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(
      await screen.findByText('The Base URL must start with http:// or https://'),
    ).toBeInTheDocument()
    expect(screen.getByText('Model is required')).toBeInTheDocument()
    expect(await stored(repo)).toBeUndefined()
  })

  it('saves the endpoint, keeping the key on this device', async () => {
    const { user, repo } = await renderForm()
    await user.click(screen.getByRole('radio', { name: 'AI model (OpenAI-compatible)' }))
    await user.type(screen.getByLabelText('Base URL'), AI_SETTINGS.baseUrl)
    await user.type(screen.getByLabelText('Model'), ` ${AI_SETTINGS.model} `)
    const key = screen.getByLabelText('API Key')
    expect(key).toHaveAttribute('type', 'password')
    expect(screen.getByText(/Stored only on this device/)).toBeInTheDocument()
    await user.type(key, AI_SETTINGS.apiKey)
    // Nothing chosen yet: the server's AI where there is one (none here, so the composer writes).
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Engine in use' })).toHaveTextContent('server-ai'),
    )
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(await stored(repo)).toEqual(AI_SETTINGS)
    // The letter forms switch engine as soon as the setting is saved.
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Engine in use' })).toHaveTextContent(
        'openai-compatible:letter-model',
      ),
    )
  })

  it('says why when the settings cannot be saved, and keeps what was typed', async () => {
    const { user, repo } = await renderForm(undefined, (repository) =>
      withFailingSettingsWrites(repository, new AppError('STORAGE_FULL')),
    )
    await user.click(screen.getByRole('radio', { name: 'AI model (OpenAI-compatible)' }))
    await user.type(screen.getByLabelText('Base URL'), AI_SETTINGS.baseUrl)
    await user.type(screen.getByLabelText('Model'), AI_SETTINGS.model)
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await within(engineForm()).findByRole('alert')).toHaveTextContent(
      ERROR_MESSAGES.STORAGE_FULL,
    )
    expect(screen.getByLabelText('Base URL')).toHaveValue(AI_SETTINGS.baseUrl)
    expect(await stored(repo)).toBeUndefined()
  })

  it('says the settings were not saved when storage fails in another way', async () => {
    const { user } = await renderForm(undefined, (repository) =>
      withFailingSettingsWrites(repository, new Error('closed')),
    )
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await within(engineForm()).findByRole('alert')).toHaveTextContent(
      ERROR_MESSAGES.SETTINGS_NOT_SAVED,
    )
  })

  it('loads the saved endpoint, and goes back to the built-in engine', async () => {
    const { user, repo } = await renderForm(AI_SETTINGS)
    expect(screen.getByRole('radio', { name: 'AI model (OpenAI-compatible)' })).toBeChecked()
    expect(screen.getByLabelText('Base URL')).toHaveValue(AI_SETTINGS.baseUrl)
    expect(screen.getByLabelText('Model')).toHaveValue(AI_SETTINGS.model)
    expect(screen.getByLabelText('API Key')).toHaveValue(AI_SETTINGS.apiKey)

    await user.click(screen.getByRole('radio', { name: 'Built-in (works offline)' }))
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(await stored(repo)).toEqual({ kind: 'built-in' })
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Engine in use' })).toHaveTextContent('built-in'),
    )
  })

  it('treats a setting it cannot read as the built-in engine', async () => {
    await renderForm({ kind: 'openai-compatible', baseUrl: 'not a url' })
    expect(screen.getByRole('radio', { name: 'Built-in (works offline)' })).toBeChecked()
    expect(screen.getByRole('status', { name: 'Engine in use' })).toHaveTextContent('built-in')
  })

  it("offers the server's AI with its model, and starts on it when nothing was chosen", async () => {
    const status = vi.fn(() => Promise.resolve({ available: true, model: 'letter-model-xl' }))
    const { user, repo } = await renderForm(undefined, withServerAi(status))
    const server = screen.getByRole('radio', { name: 'AI model (server)' })
    expect(server).toBeChecked()
    expect(server).toHaveAccessibleDescription(/^letter-model-xl, run by your Letterhead server/)
    expect(screen.getByRole('radio', { name: 'Built-in (works offline)' })).not.toBeChecked()
    expect(screen.getByRole('radio', { name: 'AI model (OpenAI-compatible)' })).not.toBeChecked()
    expect(screen.queryByLabelText('Base URL')).not.toBeInTheDocument()
    // The letter forms read the setting on their own: a moment after the form, the same engine.
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Engine in use' })).toHaveTextContent('server-ai'),
    )

    // Chosen once, the built-in engine stays chosen.
    await user.click(screen.getByRole('radio', { name: 'Built-in (works offline)' }))
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(await stored(repo)).toEqual({ kind: 'built-in' })
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Engine in use' })).toHaveTextContent('built-in'),
    )
    await user.click(screen.getByRole('radio', { name: 'AI model (server)' }))
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await vi.waitFor(async () => expect(await stored(repo)).toEqual({ kind: 'server' }))
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Engine in use' })).toHaveTextContent('server-ai'),
    )
  })

  it("does not offer the server's AI in device-only mode, where a stored choice of it is built-in", async () => {
    await renderForm({ kind: 'server' })
    expect(screen.queryByRole('radio', { name: 'AI model (server)' })).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Built-in (works offline)' })).toBeChecked()
    expect(screen.getAllByRole('radio')).toHaveLength(2)
  })

  it("does not offer the server's AI when the server has none", async () => {
    await renderForm(
      { kind: 'server' },
      withServerAi(() => Promise.resolve({ available: false })),
    )
    expect(screen.queryByRole('radio', { name: 'AI model (server)' })).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Built-in (works offline)' })).toBeChecked()
  })

  it("keeps a choice of the server's AI while the server cannot be asked", async () => {
    await renderForm(
      { kind: 'server' },
      withServerAi(() => Promise.reject(new AppError('NEEDS_CONNECTION'))),
    )
    const server = await screen.findByRole('radio', { name: 'AI model (server)' })
    expect(server).toBeChecked()
    expect(server).toHaveAccessibleDescription(/could not be asked about its model just now/)
  })

  it('tests the connection and reports what the endpoint offers', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(Response.json({ data: [{ id: 'letter-model' }, { id: 'other' }] })),
    )
    vi.stubGlobal('fetch', fetch)
    const { user } = await renderForm(AI_SETTINGS)
    await user.click(screen.getByRole('button', { name: 'Test Connection' }))
    expect(await within(engineForm()).findByRole('status')).toHaveTextContent(
      'Connected: the endpoint offers 2 models, including letter-model.',
    )
    expect(fetch).toHaveBeenCalledWith(
      'https://llm.example.com/v1/models',
      expect.objectContaining({
        headers: expect.objectContaining({ Authorization: 'Bearer sk-saved' }),
      }),
    )
  })

  it('shows why the connection failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(Response.json({ error: { message: 'Invalid key' } }, { status: 401 })),
      ),
    )
    const { user } = await renderForm(AI_SETTINGS)
    await user.click(screen.getByRole('button', { name: 'Test Connection' }))
    await vi.waitFor(() =>
      expect(within(engineForm()).getByRole('alert')).toHaveTextContent(
        'The AI endpoint answered HTTP 401: Invalid key Check the API Key.',
      ),
    )
    expect(within(engineForm()).getByRole('status')).toBeEmptyDOMElement()
  })
})
