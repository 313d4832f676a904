import type { AdminErrorRow, AdminMessageRow } from '@/data/admin-repository'
import type { AdminTableConfig } from './admin-table'
import { createdColumn, NOWRAP } from './cells'

/** Long messages fold away so one letter-length message does not fill the screen. */
const PREVIEW = 160

function MessageText({ text }: { text: string }) {
  if (text.length <= PREVIEW)
    return <p className="max-w-md wrap-anywhere whitespace-pre-line">{text}</p>
  return (
    <details className="max-w-md wrap-anywhere">
      <summary className="cursor-pointer">{text.slice(0, PREVIEW).trimEnd()}…</summary>
      <p className="mt-1 whitespace-pre-line">{text}</p>
    </details>
  )
}

export const MESSAGES_TABLE: AdminTableConfig<AdminMessageRow> = {
  tab: 'messages',
  title: 'Messages',
  read: (repository, query) => repository.admin.messages(query),
  rowKey: (row) => row.id,
  empty: 'No messages have come in from the contact form yet.',
  columns: [
    createdColumn<AdminMessageRow>('received', 'Received'),
    { key: 'name', header: 'Name', cell: (row) => row.name, className: NOWRAP },
    {
      key: 'email',
      header: 'Email',
      sortKey: 'email',
      cell: (row) => row.email,
      className: NOWRAP,
    },
    {
      key: 'subject',
      header: 'Subject',
      sortKey: 'subject',
      cell: (row) => row.subject,
      className: 'min-w-40 wrap-anywhere',
    },
    {
      key: 'message',
      header: 'Message',
      cell: (row) => <MessageText text={row.message} />,
      className: 'min-w-64',
    },
  ],
}

export const ERRORS_TABLE: AdminTableConfig<AdminErrorRow> = {
  tab: 'errors',
  title: 'Errors',
  read: (repository, query) => repository.admin.errors(query),
  rowKey: (row) => row.id,
  empty: 'No errors have been recorded.',
  columns: [
    createdColumn<AdminErrorRow>('time', 'Time'),
    {
      key: 'route',
      header: 'Route',
      sortKey: 'route',
      cell: (row) => <code className="font-mono text-xs break-all">{row.route}</code>,
    },
    {
      key: 'message',
      header: 'Message',
      cell: (row) => (
        <div className="max-w-xl">
          <p className="font-medium">{row.message}</p>
          {row.stack ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-ink-600 dark:text-ink-300">
                Stack
              </summary>
              <pre className="mt-1 max-h-64 overflow-auto rounded bg-ink-50 p-2 text-xs whitespace-pre dark:bg-ink-950">
                {row.stack}
              </pre>
            </details>
          ) : null}
        </div>
      ),
    },
  ],
}
