import { onFirstUse } from './on-first-use'

const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
)
const dateOnly = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }))

export const formatDateTime = (iso: string) => dateTime().format(new Date(iso))
export const formatDate = (iso: string) => dateOnly().format(new Date(iso))
