import { createContext, type ReactNode, useContext } from 'react'
import { builtInComposer } from './built-in-composer'
import type { LetterGenerator } from './letter-generator'

const GeneratorContext = createContext<LetterGenerator>(builtInComposer)

/** Chooses the engine that writes letters below it; the built-in composer when none is given. */
export function LetterGeneratorProvider({
  generator,
  children,
}: {
  generator: LetterGenerator
  children: ReactNode
}) {
  return <GeneratorContext.Provider value={generator}>{children}</GeneratorContext.Provider>
}

export const useLetterGenerator = () => useContext(GeneratorContext)
