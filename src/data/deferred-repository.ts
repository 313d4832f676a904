import type { Repository, Subscribable } from './repository'
import { deferredSync } from './sync/deferred-sync'

type Part = Exclude<keyof Repository, 'observe' | 'sync'>
type Method = (...args: unknown[]) => Promise<unknown>

// A Record, so a part added to Repository and not listed here fails to compile.
const PARTS: Record<Part, true> = {
  auth: true,
  account: true,
  letters: true,
  subscriptions: true,
  referrals: true,
  messages: true,
  diagnostics: true,
  backup: true,
  settings: true,
  drafts: true,
  admin: true,
  serverAdmin: true,
  serverAi: true,
  payments: true,
}

/**
 * A repository that loads the real one on its first call, so a page that may
 * never touch storage (the landing page) does not download the database code
 * up front. Every method keeps its contract: it returns the real method's
 * promise. A failed load is not remembered, so the next call tries again.
 */
export function deferredRepository(load: () => Promise<Repository>): Repository {
  let pending: Promise<Repository> | undefined
  const loaded = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    }))

  const part = (name: Part) =>
    new Proxy(
      {},
      {
        get: (_target, method) => {
          // Not a thenable, and nothing but method names.
          if (typeof method !== 'string' || method === 'then') return undefined
          return (...args: unknown[]) =>
            loaded().then((repository) => {
              const api = repository[name] as unknown as Record<string, Method>
              const call = api[method]
              if (!call) throw new TypeError(`repository.${name}.${method} is not a method`)
              return call.apply(api, args)
            })
        },
      },
    )

  const parts = Object.fromEntries(
    Object.keys(PARTS).map((name) => [name, part(name as Part)]),
  ) as Omit<Repository, 'observe' | 'sync'>

  return {
    ...parts,
    sync: deferredSync(async () => (await loaded()).sync),
    observe<T>(query: () => Promise<T>): Subscribable<T> {
      return {
        subscribe(observer) {
          let inner: { unsubscribe(): void } | undefined
          let closed = false
          loaded().then(
            (repository) => {
              if (!closed) inner = repository.observe(query).subscribe(observer)
            },
            (error: unknown) => observer.error?.(error),
          )
          return {
            unsubscribe() {
              closed = true
              inner?.unsubscribe()
            },
          }
        },
      }
    },
  }
}
