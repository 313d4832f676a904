import { useState } from 'react'
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { QueryProvider } from '@/data/query-client'
import { useRepository } from '@/data/repository-context'
import type { AiStatus } from '@/data/server-ai-repository'
import { messageFor } from '@/domain/errors'
import { type LetterEngineSettings, letterEngineSchema, SETTING_KEYS } from '@/domain/settings'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { EngineChoice } from './engine-choice'
import { type ConnectionResult, testConnection } from './generator/openai-compatible'
import { useLetterEngineSettings } from './use-letter-engine'
import { useServerAiStatus } from './use-server-ai-status'

/** Flat, so the AI fields keep what was typed while Built-in is selected. */
type EngineFormValues = {
  kind: LetterEngineSettings['kind']
  baseUrl: string
  model: string
  apiKey: string
}

const FIELDS = ['kind', 'baseUrl', 'model', 'apiKey'] as const

const toFormValues = (settings: LetterEngineSettings): EngineFormValues =>
  settings.kind === 'openai-compatible'
    ? settings
    : { kind: settings.kind, baseUrl: '', model: '', apiKey: '' }

/**
 * The server's AI is offered where the server has it; and, when the server
 * could not be asked (offline), to whoever chose it, so saving other settings
 * does not take the choice away.
 */
function serverOption(saved: LetterEngineSettings | null, status: AiStatus | undefined) {
  if (status?.available) return { model: status.model ?? null }
  return status === undefined && saved?.kind === 'server' ? { model: null } : null
}

/** What the form starts on: the saved choice where it can be used, else what writes letters now. */
function startingChoice(
  saved: LetterEngineSettings | null,
  serverOffered: boolean,
): LetterEngineSettings {
  if (saved === null || saved.kind === 'server')
    return serverOffered ? { kind: 'server' } : { kind: 'built-in' }
  return saved
}

/** Checks with the schema the engine is read back with, so what is saved can always be used. */
const engineResolver: Resolver<EngineFormValues, unknown, LetterEngineSettings> = (values) => {
  const parsed = letterEngineSchema.safeParse({ ...values, baseUrl: values.baseUrl.trim() })
  if (parsed.success) return { values: parsed.data, errors: {} }
  const errors: FieldErrors<EngineFormValues> = {}
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0])
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message }
  }
  return { values: {}, errors }
}

function describeConnection(result: ConnectionResult & { ok: true }, model: string): string {
  if (!result.models) return 'Connected: the endpoint answered.'
  const count = `${result.models.length} model${result.models.length === 1 ? '' : 's'}`
  if (model.trim() === '') return `Connected: the endpoint offers ${count}.`
  return result.models.includes(model.trim())
    ? `Connected: the endpoint offers ${count}, including ${model.trim()}.`
    : `Connected, but the endpoint's ${count} do not include "${model.trim()}". Check the Model.`
}

/**
 * Chooses how letters are written: the built-in composer, the Letterhead
 * server's AI model (where the server has one), or an OpenAI-compatible endpoint.
 */
export function EngineSettingsForm() {
  return (
    <QueryProvider>
      <EngineSettings />
    </QueryProvider>
  )
}

function EngineSettings() {
  const saved = useLetterEngineSettings()
  const ai = useServerAiStatus()
  if (saved === undefined || !ai.settled)
    return <p className="text-sm text-ink-600 dark:text-ink-300">Loading settings…</p>
  const server = serverOption(saved, ai.status)
  return <EngineFields start={startingChoice(saved, server !== null)} server={server} />
}

type EngineFieldsProps = {
  start: LetterEngineSettings
  server: { model: string | null } | null
}

function EngineFields({ start, server }: EngineFieldsProps) {
  const repository = useRepository()
  const form = useForm<EngineFormValues, unknown, LetterEngineSettings>({
    resolver: engineResolver,
    defaultValues: toFormValues(start),
  })
  const kind = useWatch({ control: form.control, name: 'kind' })
  const [alert, setAlert] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [testing, setTesting] = useState(false)
  const { errors, isSubmitting } = form.formState
  const clearResult = () => {
    setStatus('')
    setAlert(null)
  }

  async function check() {
    clearResult()
    if (!(await form.trigger(['baseUrl', 'apiKey']))) return
    const { baseUrl, apiKey, model } = form.getValues()
    setTesting(true)
    setStatus('Testing the connection…')
    const result = await testConnection({ baseUrl, apiKey })
    setTesting(false)
    setStatus(result.ok ? describeConnection(result, model) : '')
    if (!result.ok) setAlert(result.message)
  }

  async function save(settings: LetterEngineSettings) {
    clearResult()
    try {
      await repository.settings.set(SETTING_KEYS.letterEngine, settings)
      form.reset({ ...form.getValues(), ...toFormValues(settings) })
      toast.success('Settings saved')
    } catch (error) {
      setAlert(messageFor(error, 'SETTINGS_NOT_SAVED'))
    }
  }

  return (
    <form
      noValidate
      aria-label="Letter engine"
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <FormAlert message={alert} />
      <EngineChoice register={form.register('kind')} server={server} />
      {kind === 'openai-compatible' ? (
        <>
          <p className="text-sm text-ink-600 dark:text-ink-300">
            The answers you give for a letter are sent to this endpoint to write it. The built-in
            engine keeps everything on this device.
          </p>
          <TextField
            label="Base URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://api.openai.com/v1"
            hint="The address before /chat/completions. The server must accept requests from this site (CORS)."
            error={errors.baseUrl?.message}
            {...form.register('baseUrl', { onChange: clearResult })}
          />
          <TextField
            label="Model"
            autoComplete="off"
            placeholder="gpt-4o-mini"
            error={errors.model?.message}
            {...form.register('model', { onChange: clearResult })}
          />
          <TextField
            label="API Key"
            type="password"
            autoComplete="off"
            hint="Stored only on this device, in this browser's storage, and sent only to the Base URL above. Leave it empty for a server that needs no key."
            error={errors.apiKey?.message}
            {...form.register('apiKey', { onChange: clearResult })}
          />
          <p role="status" className="text-sm text-ink-700 dark:text-ink-200">
            {status}
          </p>
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {kind === 'openai-compatible' ? (
          <Button
            variant="secondary"
            disabled={testing}
            aria-busy={testing}
            onClick={() => void check()}
          >
            Test Connection
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          Save Settings
        </Button>
      </div>
    </form>
  )
}
