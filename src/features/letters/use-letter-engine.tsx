import { type ReactNode, useMemo } from 'react'
import type { Repository } from '@/data/repository'
import { useRepository } from '@/data/repository-context'
import type { ServerAiRepository } from '@/data/server-ai-repository'
import { type Live, useLive } from '@/data/use-live'
import {
  BUILT_IN_ENGINE,
  type LetterEngineSettings,
  letterEngineSchema,
  SETTING_KEYS,
} from '@/domain/settings'
import { builtInComposer } from './generator/built-in-composer'
import { LetterGeneratorProvider } from './generator/generator-context'
import type { LetterGenerator } from './generator/letter-generator'
import { createOpenAiCompatibleGenerator } from './generator/openai-compatible'
import { createServerAiGenerator } from './generator/server-ai'

/**
 * The stored choice: null when the person has not chosen, and the built-in
 * engine when what is stored is no longer valid.
 */
export function parseEngineSettings(value: unknown): LetterEngineSettings | null {
  if (value === undefined) return null
  const parsed = letterEngineSchema.safeParse(value)
  return parsed.success ? parsed.data : BUILT_IN_ENGINE
}

/**
 * The engine for a stored choice. Without one, the server's AI writes letters
 * where the server has it, and the built-in composer everywhere else
 * (device-only mode, a server without AI): the server's engine asks before
 * each letter, and hands over to the built-in composer without a word.
 */
export function generatorFor(
  settings: LetterEngineSettings | null,
  serverAi: ServerAiRepository,
): LetterGenerator {
  if (settings === null) return createServerAiGenerator(serverAi, { chosen: false })
  if (settings.kind === 'server') return createServerAiGenerator(serverAi)
  if (settings.kind === 'built-in') return builtInComposer
  return createOpenAiCompatibleGenerator({
    baseUrl: settings.baseUrl,
    model: settings.model,
    apiKey: settings.apiKey,
  })
}

const readEngine = (repository: Repository) => repository.settings.get(SETTING_KEYS.letterEngine)

/** The choice as read: a setting that could not be read counts as the built-in engine. */
const choiceOf = (live: Live<unknown>) =>
  live.status === 'ready' ? parseEngineSettings(live.data) : BUILT_IN_ENGINE

/**
 * The saved engine choice (null: none made), kept up to date when it changes
 * in this tab or another; undefined until it has been read. A setting that
 * cannot be read counts as the built-in engine, which always works.
 */
export function useLetterEngineSettings(): LetterEngineSettings | null | undefined {
  const live = useLive(readEngine, SETTING_KEYS.letterEngine)
  return live.status === 'loading' ? undefined : choiceOf(live)
}

/**
 * Hands the chosen engine to every letter form below it. Until the setting has
 * been read (a few milliseconds after start) the built-in composer stands in, so
 * the dashboard never waits on storage to render.
 */
export function LetterEngineProvider({ children }: { children: ReactNode }) {
  const repository = useRepository()
  const live = useLive(readEngine, SETTING_KEYS.letterEngine)
  // `live` keeps its identity until the setting changes, so the engine is built once per change.
  const generator = useMemo(
    () =>
      live.status === 'loading'
        ? builtInComposer
        : generatorFor(choiceOf(live), repository.serverAi),
    [live, repository],
  )
  return <LetterGeneratorProvider generator={generator}>{children}</LetterGeneratorProvider>
}
