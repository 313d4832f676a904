import type { Repository } from '@/data/repository'
import type { User } from '@/domain/types'

/** What every route's guard and loader can reach. */
export type RouterContext = {
  repository: Repository
  currentUser: () => User | null
}

/** Only same-origin paths are followed after sign-in, never another site. */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/auth'))
    return '/app'
  return target
}
