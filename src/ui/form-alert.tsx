/** The form's error, announced by screen readers; renders an empty live region when there is none. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div
      role="alert"
      className={
        message
          ? 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
          : 'sr-only'
      }
    >
      {message}
    </div>
  )
}
