import type { RepositoryContext } from './dexie/context'
import { createDiagnosticsRepository } from './dexie/diagnostics'
import { hasQueued, queueErrorReport, queueMessage } from './dexie/inbox-queue'
import { createMessagesRepository } from './dexie/messages'
import { guardStorage } from './dexie/storage-guard'
import type { Repository } from './repository'

/** What is written for the admin: contact messages and error reports. */
export type InboxParts = Pick<Repository, 'messages' | 'diagnostics'>

/** Sends what the inbox queue holds (remote/inbox-delivery.ts). */
export type InboxSender = { deliver(): Promise<void> }

export type InboxOptions = {
  /** Whether what is written goes to the server too (app-mode.ts, `queuesForServer`). */
  queuesForServer: () => Promise<boolean>
  /** The sender, loaded when first needed, so device-only mode never downloads it. */
  sender: () => Promise<InboxSender>
  /** Where a send that could not even start is reported. */
  warn?: (error: unknown) => void
}

/**
 * Contact messages and error reports. Both modes store them on the device
 * as before; in server mode each is also queued, in the same transaction,
 * and sent in the background, so the person sees the same confirmation
 * online or not (docs/decisions/028-inbox-queue.md). Whatever a previous
 * visit left queued is sent as soon as these parts are made.
 */
export function createInboxParts(
  context: RepositoryContext,
  { queuesForServer, sender, warn = console.warn }: InboxOptions,
): InboxParts {
  const messages = createMessagesRepository(context)
  const diagnostics = createDiagnosticsRepository(context)

  let loaded: Promise<InboxSender> | undefined
  const loadSender = () =>
    (loaded ??= sender().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
  // The write is safe in the queue: a send that fails to start waits for the next trigger.
  const send = () =>
    void loadSender()
      .then((loaded) => loaded.deliver())
      .catch(warn)

  hasQueued(context.db).then(
    (queued) => {
      if (queued) send()
    },
    () => undefined,
  )

  return {
    messages: guardStorage({
      async create(input) {
        if (!(await queuesForServer())) return messages.create(input)
        const message = await queueMessage(context, input)
        send()
        return message
      },
      listAll: () => messages.listAll(),
    }),
    diagnostics: guardStorage({
      async recordError(report) {
        if (!(await queuesForServer())) return diagnostics.recordError(report)
        const row = await queueErrorReport(context, report)
        send()
        return row
      },
    }),
  }
}
