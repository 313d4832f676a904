import {
  type ChangeEvent,
  type ForwardedRef,
  useImperativeHandle,
  useEffect,
  useRef,
  useState,
} from 'react'

type TextControl = HTMLInputElement | HTMLTextAreaElement

/**
 * The length of what is in a field, for fields a form library fills without
 * React state (react-hook-form's `register`): counted as the person types, and
 * read back from the element after each render, since `reset` or a restored
 * draft sets the value without a change event.
 */
export function useTextLength<T extends TextControl>(
  forwarded: ForwardedRef<T>,
  onChange: ((event: ChangeEvent<T>) => unknown) | undefined,
) {
  const element = useRef<T | null>(null)
  const [length, setLength] = useState(0)

  // The caller's ref (react-hook-form's) gets the element too, as it did before the count.
  useImperativeHandle<T | null, T | null>(forwarded, () => element.current, [])

  // Syncing with the DOM the form library writes to directly; setting the same length is a no-op.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render, by design
  useEffect(() => {
    setLength(element.current?.value.length ?? 0)
  })

  const handleChange = (event: ChangeEvent<T>) => {
    setLength(event.target.value.length)
    return onChange?.(event)
  }

  return { ref: element, length, onChange: handleChange }
}
