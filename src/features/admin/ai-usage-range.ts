import type { AdminTab } from '@/data/admin-repository'

/**
 * The dashboard's AI Usage tab: server mode only, since it reads what the
 * server's AI cost from `ai_usage` (decision 031), which no device holds.
 */
export const AI_USAGE_TAB = 'ai-usage'

/** A tab of the admin dashboard: one of the six tables, or AI Usage. */
export type DashboardTab = AdminTab | typeof AI_USAGE_TAB

/** The periods offered, in days ending today; a month unless another is chosen. */
export const AI_USAGE_RANGES = [7, 30, 90] as const
export type AiUsageRange = (typeof AI_USAGE_RANGES)[number]
export const DEFAULT_AI_USAGE_RANGE: AiUsageRange = 30
