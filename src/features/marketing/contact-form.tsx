import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import {
  CONTACT_FIELDS,
  CONTACT_FORM_CLASS,
  type ContactFieldName,
  ContactFormBody,
} from './contact-fields'
import type { ContactDraft, ContactFormEngine } from './contact-form-engine'
import { CONTACT } from './content'

const loadEngine = () => import('./contact-form-engine')

const isField = (name: string): name is ContactFieldName =>
  (CONTACT_FIELDS as readonly string[]).includes(name)

/** Reads what the visitor has typed so far, and where their caret is. */
function draftOf(form: HTMLFormElement | null, submitAsked: boolean): ContactDraft {
  const data = form ? new FormData(form) : null
  const text = (name: ContactFieldName) => {
    const value = data?.get(name)
    return typeof value === 'string' ? value : ''
  }
  const active = document.activeElement
  const focused =
    form &&
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    form.contains(active) &&
    isField(active.name)
      ? { name: active.name, start: active.selectionStart, end: active.selectionEnd }
      : null
  return {
    values: {
      name: text('name'),
      email: text('email'),
      subject: text('subject'),
      message: text('message'),
    },
    focused,
    submitAsked,
  }
}

/**
 * Set by public/theme-init.js on a form of the landing page's markup submitted before the page's
 * script has it (decision 033): such a submit goes nowhere, so the form keeps the request for the
 * app to answer once it takes the form over.
 */
export const SUBMIT_ASKED_ATTRIBUTE = 'data-submit-asked'

type Loaded = { Engine: typeof ContactFormEngine; draft: ContactDraft }

/**
 * The contact form in two stages. Most visitors read the landing page without
 * writing to us, so the page ships plain fields; the first sign of use (the
 * pointer over the form, a field focused, a submit) loads the form library and
 * the checks, which then take over with whatever was typed, the caret where
 * it was and a submit still to come. Checks and storage run only there.
 */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const loading = useRef(false)
  const submitAsked = useRef(false)

  function load() {
    if (loading.current) return
    loading.current = true
    loadEngine().then(
      ({ ContactFormEngine }) => {
        // Read and replace in one go, so no keystroke can fall between the two forms.
        const draft = draftOf(formRef.current, submitAsked.current)
        flushSync(() => setLoaded({ Engine: ContactFormEngine, draft }))
      },
      () => {
        loading.current = false
        if (submitAsked.current) setLoadFailed(true)
      },
    )
  }

  function askSubmit() {
    submitAsked.current = true
    setLoadFailed(false)
    load()
  }

  // A Send tapped on the page before the app took it over is answered now rather than lost.
  useEffect(() => {
    const form = formRef.current
    if (!form?.hasAttribute(SUBMIT_ASKED_ATTRIBUTE)) return
    form.removeAttribute(SUBMIT_ASKED_ATTRIBUTE)
    askSubmit()
    // Once, when the prerendered form is hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (loaded) return <loaded.Engine draft={loaded.draft} />
  return (
    // method="dialog": outside a dialog, a submission the page's script has not taken over yet
    // (the prerendered page, decision 033) goes nowhere, rather than putting the message in the address.
    <form
      ref={formRef}
      method="dialog"
      noValidate
      aria-label="Contact"
      onPointerEnter={load}
      onFocus={load}
      onSubmit={(event) => {
        event.preventDefault()
        askSubmit()
      }}
      className={CONTACT_FORM_CLASS}
    >
      <ContactFormBody
        bind={(name) => ({ name, defaultValue: '' })}
        alert={loadFailed ? CONTACT.failed : null}
      />
    </form>
  )
}
