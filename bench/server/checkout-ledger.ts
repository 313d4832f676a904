// After a checkout load: every purchase the server acknowledged wrote exactly one subscription,
// under its buyer, with one charge, one grant of credits, its idempotency key and, with a
// coupon, one commission; and nothing was written that was not acknowledged.
import type { Acknowledged } from './admin-checkout'
import type { Target } from './target-client'

export type LedgerCheck = {
  acknowledged: number
  /** The buyers' subscriptions in the database. */
  subscriptions: number
  /** Acknowledged purchases not written exactly once, and subscriptions nobody was told of. */
  problems: number
  firstProblem: string | null
}

type Row = {
  id: string
  owner_id: string
  charge_id: string | null
  coupon_code: string | null
  grants: number
  commissions: number
  /** The idempotency keys that name it, comma-separated. */
  keys: string
}

const LEDGER = `
  select s.id, s.owner_id, s.charge_id, s.coupon_code,
    (select count(*)::int from credit_ledger c where c.subscription_id = s.id and c.reason = 'grant') as grants,
    (select count(*)::int from commissions m where m.subscription_id = s.id) as commissions,
    (select coalesce(string_agg(k.key, ','), '') from idempotency_keys k
      where k.subscription_id = s.id and k.user_id = s.owner_id) as keys
  from subscriptions s
  where s.owner_id = any(string_to_array($1, ',')::uuid[])`

export async function checkLedger(
  target: Target,
  buyerIds: readonly string[],
  acknowledged: readonly Acknowledged[],
): Promise<LedgerCheck> {
  const rows = (await target.query(LEDGER, [buyerIds.join(',')])) as Row[]
  const byId = new Map(rows.map((row) => [row.id, row]))
  const charges = new Set(rows.map((row) => row.charge_id))
  const problems: string[] = []
  if (charges.size !== rows.length || charges.has(null))
    problems.push(`${rows.length} subscriptions carry ${charges.size} distinct charges`)
  const seen = new Set<string>()
  for (const one of acknowledged) {
    const row = byId.get(one.subscriptionId)
    const wrong = !row
      ? 'not in the database'
      : seen.has(one.subscriptionId)
        ? 'acknowledged twice'
        : row.owner_id !== one.buyer.id
          ? `owned by ${row.owner_id}`
          : row.grants !== 1
            ? `${row.grants} grants of credits`
            : row.keys !== one.key
              ? `idempotency keys "${row.keys}", sent ${one.key}`
              : row.commissions !== (one.couponCode === null ? 0 : 1)
                ? `${row.commissions} commissions, coupon ${one.couponCode ?? 'none'}`
                : row.coupon_code !== one.couponCode
                  ? `coupon ${row.coupon_code ?? 'none'}, answered ${one.couponCode ?? 'none'}`
                  : null
    seen.add(one.subscriptionId)
    if (wrong) problems.push(`subscription ${one.subscriptionId}: ${wrong}`)
  }
  for (const row of rows)
    if (!seen.has(row.id)) problems.push(`subscription ${row.id} was written, never acknowledged`)
  return {
    acknowledged: acknowledged.length,
    subscriptions: rows.length,
    problems: problems.length,
    firstProblem: problems[0] ?? null,
  }
}
