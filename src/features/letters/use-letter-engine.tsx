import { type ReactNode, useMemo } from 'react'
import type { Repository } from '@/data/repository'
import { useLive } from '@/data/use-live'
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

/** The stored setting, or the built-in engine when it is missing or no longer valid. */
export function parseEngineSettings(value: unknown): LetterEngineSettings {
  const parsed = letterEngineSchema.safeParse(value)
  return parsed.success ? parsed.data : BUILT_IN_ENGINE
}

export function generatorFor(settings: LetterEngineSettings): LetterGenerator {
  if (settings.kind === 'built-in') return builtInComposer
  return createOpenAiCompatibleGenerator({
    baseUrl: settings.baseUrl,
    model: settings.model,
    apiKey: settings.apiKey,
  })
}

const readEngine = (repository: Repository) => repository.settings.get(SETTING_KEYS.letterEngine)

/**
 * The saved engine choice, kept up to date when it changes in this tab or
 * another; undefined until it has been read. A setting that cannot be read
 * counts as the built-in engine, which always works.
 */
export function useLetterEngineSettings(): LetterEngineSettings | undefined {
  const live = useLive(readEngine, SETTING_KEYS.letterEngine)
  return live.status === 'loading' ? undefined : parseEngineSettings(live.data)
}

/**
 * Hands the chosen engine to every letter form below it. Until the setting has
 * been read (a few milliseconds after start) the built-in composer stands in, so
 * the dashboard never waits on storage to render.
 */
export function LetterEngineProvider({ children }: { children: ReactNode }) {
  const live = useLive(readEngine, SETTING_KEYS.letterEngine)
  // `live.data` keeps its identity until the setting changes, so the engine is built once per change.
  const generator = useMemo(() => generatorFor(parseEngineSettings(live.data)), [live.data])
  return <LetterGeneratorProvider generator={generator}>{children}</LetterGeneratorProvider>
}
