/**
 * A small iCalendar reader for the tests: it checks what a calendar program
 * relies on (CRLF lines, folding, nesting) and gives back the components with
 * their properties, TEXT values unescaped.
 */
export type IcsProperty = { name: string; params: Record<string, string>; value: string }
export type IcsComponent = { name: string; properties: IcsProperty[]; children: IcsComponent[] }

export function physicalLines(ics: string): string[] {
  if (!ics.endsWith('\r\n')) throw new Error('The file does not end with CRLF')
  const lines = ics.slice(0, -2).split('\r\n')
  for (const line of lines)
    if (/[\r\n]/.test(line)) throw new Error(`A bare CR or LF in ${JSON.stringify(line)}`)
  return lines
}

export function unfold(lines: string[]): string[] {
  const logical: string[] = []
  for (const line of lines) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('The file starts with a continuation')
      logical[logical.length - 1] += line.slice(1)
    } else logical.push(line)
  }
  return logical
}

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_match, escaped: string) =>
    escaped === 'n' || escaped === 'N' ? '\n' : escaped,
  )
}

function parseProperty(line: string): IcsProperty {
  const colon = line.indexOf(':')
  if (colon < 1) throw new Error(`Not a content line: ${JSON.stringify(line)}`)
  const [name = '', ...rawParams] = line.slice(0, colon).split(';')
  if (!/^[A-Z-]+$/.test(name)) throw new Error(`Not a property name: ${name}`)
  const params = Object.fromEntries(
    rawParams.map((param) => {
      const [key = '', value = ''] = param.split('=')
      return [key, value]
    }),
  )
  return { name, params, value: line.slice(colon + 1) }
}

export function parseIcs(ics: string): IcsComponent {
  const stack: IcsComponent[] = []
  let root: IcsComponent | undefined
  for (const line of unfold(physicalLines(ics))) {
    const property = parseProperty(line)
    if (property.name === 'BEGIN') {
      const component: IcsComponent = { name: property.value, properties: [], children: [] }
      stack.at(-1)?.children.push(component)
      if (stack.length === 0) {
        if (root) throw new Error('A second top-level component')
        root = component
      }
      stack.push(component)
    } else if (property.name === 'END') {
      const open = stack.pop()
      if (open?.name !== property.value) throw new Error(`END:${property.value} closes nothing`)
    } else {
      const open = stack.at(-1)
      if (!open) throw new Error(`${property.name} outside any component`)
      open.properties.push(property)
    }
  }
  if (!root || stack.length > 0) throw new Error('Unbalanced BEGIN/END')
  return root
}

export function propertyOf(component: IcsComponent, name: string): IcsProperty {
  const found = component.properties.filter((property) => property.name === name)
  if (found.length !== 1) throw new Error(`${component.name} has ${found.length} ${name}`)
  return found[0] as IcsProperty
}
