import type { UseFormRegisterReturn } from 'react-hook-form'
import { RADIO_CLASS } from '@/ui/radio'

type EngineChoiceProps = {
  register: UseFormRegisterReturn<'kind'>
  /** The server's AI, when it is offered: its model, or null when the server could not be asked. */
  server: { model: string | null } | null
}

const SERVER_HELP_ID = 'engine-server-help'

/** The letter engine radios; the server's AI is offered only where the server has one. */
export function EngineChoice({ register, server }: EngineChoiceProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">Letter engine</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" value="built-in" className={RADIO_CLASS} {...register} />
        Built-in (works offline)
      </label>
      {server ? (
        <div className="flex flex-col gap-0.5">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value="server"
              aria-describedby={SERVER_HELP_ID}
              className={RADIO_CLASS}
              {...register}
            />
            AI model (server)
          </label>
          <p id={SERVER_HELP_ID} className="ml-6 text-xs text-ink-600 dark:text-ink-300">
            {server.model
              ? `${server.model}, run by your Letterhead server. Your answers go to the server, which asks the model; no key is kept on this device.`
              : 'Run by your Letterhead server, which could not be asked about its model just now.'}
          </p>
        </div>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" value="openai-compatible" className={RADIO_CLASS} {...register} />
        AI model (OpenAI-compatible)
      </label>
    </fieldset>
  )
}
