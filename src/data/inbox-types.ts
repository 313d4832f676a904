import type { ContactMessageRequest, ErrorReportRequest } from '@/domain/inbox-api'

/** What the admin's inbox takes from a device: contact messages and error reports. */
export type InboxKind = 'message' | 'error'

type Queued<K extends InboxKind, R> = {
  /** Increases as entries are queued: the order they are sent in. Set by the database. */
  seq?: number
  kind: K
  /** The request body as it will be sent, with the id of the row the device stored. */
  request: R & { id: string }
  queuedAt: string
}

/**
 * Server mode: one contact message or error report the server has not
 * acknowledged yet (docs/decisions/028-inbox-queue.md).
 */
export type InboxEntry =
  Queued<'message', ContactMessageRequest> | Queued<'error', ErrorReportRequest>
