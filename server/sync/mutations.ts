import type { z } from 'zod'
import {
  isMutationName,
  type Mutation,
  type MutationName,
  mutationArgsSchemas,
} from '@/domain/sync'
import type { Db } from '../db/database'
import {
  completeLetter,
  createLetter,
  failLetter,
  restartLetter,
  uploadLetter,
} from './letter-lifecycle'
import type { MutationContext } from './letter-store'
import { editContent, replaceAnswers, restoreVersion } from './letter-text'
import { MutationRefused, parseOrRefuse } from './refusal'
import { setReplyState } from './reply-state'
import { removeSetting, setSetting } from './settings'

/** Applies one mutation's args; says whether any row changed. */
type Handler = (tx: Db, context: MutationContext, args: unknown) => Promise<boolean>

/** Checks the args against the mutation's own schema, one mutation at a time, then applies them. */
function handler<S extends z.ZodType>(
  schema: S,
  apply: (tx: Db, context: MutationContext, args: z.output<S>) => Promise<boolean>,
): Handler {
  return (tx, context, args) => apply(tx, context, parseOrRefuse(schema, args))
}

const HANDLERS: Record<MutationName, Handler> = {
  'letters.create': handler(mutationArgsSchemas['letters.create'], createLetter),
  'letters.complete': handler(mutationArgsSchemas['letters.complete'], completeLetter),
  'letters.fail': handler(mutationArgsSchemas['letters.fail'], failLetter),
  'letters.restart': handler(mutationArgsSchemas['letters.restart'], restartLetter),
  'letters.editContent': handler(mutationArgsSchemas['letters.editContent'], editContent),
  'letters.replaceAnswers': handler(mutationArgsSchemas['letters.replaceAnswers'], replaceAnswers),
  'letters.setReplyState': handler(mutationArgsSchemas['letters.setReplyState'], setReplyState),
  'letters.restoreVersion': handler(mutationArgsSchemas['letters.restoreVersion'], restoreVersion),
  'letters.upload': handler(mutationArgsSchemas['letters.upload'], uploadLetter),
  'settings.set': handler(mutationArgsSchemas['settings.set'], setSetting),
  'settings.remove': handler(mutationArgsSchemas['settings.remove'], removeSetting),
}

/** Replays one mutation as the user, with the same rules as the device; throws a refusal. */
export function applyMutation(tx: Db, context: MutationContext, mutation: Mutation) {
  if (!isMutationName(mutation.name)) {
    throw new MutationRefused('INVALID_INPUT', `There is no mutation named ${mutation.name}.`)
  }
  return HANDLERS[mutation.name](tx, context, mutation.args)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a value sent as args is a plain object, before any schema has checked it. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The letter a mutation names, read from its args even when they were refused. */
export function letterIdOf(mutation: Mutation): string | undefined {
  const { args } = mutation
  if (!mutation.name.startsWith('letters.') || !isRecord(args)) return undefined
  const id = isRecord(args.letter) ? args.letter.id : args.id
  return typeof id === 'string' && UUID.test(id) ? id : undefined
}
