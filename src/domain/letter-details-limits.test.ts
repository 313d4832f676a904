import { describe, expect, it } from 'vitest'
import { z } from '@/lib/zod'
import { letterDetailsSchema } from './letter-details'
import { DETAIL_TEXT_LIMITS, detailTextLimit } from './letter-details-limits'

type JsonSchema = {
  type?: string
  maxLength?: number
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
}

/** Every single-answer text the schema limits, by path, read from its JSON Schema. */
function schemaLimits(schema: JsonSchema, path: string[] = []): Record<string, number> {
  if (schema.type === 'string' && schema.maxLength !== undefined)
    return { [path.join('.')]: schema.maxLength }
  if (schema.type === 'array' && schema.items?.type === 'object')
    return schemaLimits(schema.items, path)
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
      Object.entries(schemaLimits(child, [...path, key])),
    ),
  )
}

describe('the guided questions’ text limits', () => {
  it('are the details schema’s, for every answer it limits', () => {
    const json = z.toJSONSchema(letterDetailsSchema, { io: 'input', unrepresentable: 'any' })
    expect(DETAIL_TEXT_LIMITS).toEqual(schemaLimits(json as JsonSchema))
  })

  it('are found from a form field’s path, list indexes and all', () => {
    expect(detailTextLimit('details.recommendation.strengths.2.example')).toBe(2_000)
    expect(detailTextLimit('details.reference')).toBe(120)
    expect(detailTextLimit('details.enclosures')).toBeUndefined()
    expect(detailTextLimit('matter')).toBeUndefined()
  })
})
