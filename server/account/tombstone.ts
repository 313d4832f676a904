import { randomBytes } from 'node:crypto'
import { deletedAccountEmail, isDeletedAccountEmail } from '@/domain/account-data'

/**
 * A deleted account's row stays, so the purchases, commissions and refunds
 * that name it still add up (decision 035); it keeps no name, and an
 * undeliverable e-mail instead of the person's.
 */
export const tombstoneEmail = () => deletedAccountEmail(randomBytes(16).toString('hex'))

export const isTombstoneEmail = isDeletedAccountEmail
