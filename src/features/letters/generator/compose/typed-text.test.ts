import { describe, expect, it } from 'vitest'
import {
  asBlock,
  asPassage,
  endSentence,
  introduce,
  midSentence,
  numberedList,
  sentenceStart,
  withArticle,
} from './typed-text'

describe('setting the person’s words into a sentence', () => {
  it.each([
    ['Unpaid invoice', 'Unpaid invoice.'],
    ['Who owns the fence?', 'Who owns the fence?'],
    ['I waited…', 'I waited…'],
    ['He said "stop."', 'He said "stop."'],
    ['He said "stop"', 'He said "stop".'],
    ['as quoted,', 'as quoted,'],
    ['as follows:', 'as follows:'],
  ])('ends %j as %j', (typed, ended) => {
    expect(endSentence(typed)).toBe(ended)
  })

  it.each([
    ['the fence.', 'the fence'],
    ['Acme Inc.', 'Acme Inc.'],
    ['John F.', 'John F.'],
    ['Acme L.L.C.', 'Acme L.L.C.'],
    ['the lease;', 'the lease'],
    ['now!', 'now'],
    ['...', '...'],
  ])('keeps %j as %j in the middle of a sentence', (typed, kept) => {
    expect(midSentence(typed)).toBe(kept)
  })

  it('capitalizes a sentence’s first word only when it is plainly a lower-case word', () => {
    expect(sentenceStart('she rebuilt it')).toBe('She rebuilt it')
    expect(sentenceStart('iPhone repairs')).toBe('iPhone repairs')
    expect(sentenceStart('eBay listing')).toBe('eBay listing')
    expect(sentenceStart('Maria rebuilt it')).toBe('Maria rebuilt it')
  })

  it('sets short words in the lead-in’s sentence and long or several lines as their own paragraph', () => {
    expect(introduce('My proposal is this:', 'we split the rent')).toEqual([
      'My proposal is this: we split the rent.',
    ])
    expect(introduce('My proposal is this:', 'a\nb', 'Then more.')).toEqual([
      'My proposal is this:',
      'a\nb.',
      'Then more.',
    ])
  })

  it('keeps a block’s lines and a passage’s paragraphs, never a doubled blank line', () => {
    expect(asBlock(' 12 Oak St\r\n\n \nSpringfield ')).toBe('12 Oak St\nSpringfield')
    expect(asPassage('one\n\n\n \n\ntwo\r\rthree')).toBe('one\n\ntwo\n\nthree')
  })

  it('numbers a list unless the person numbered it already', () => {
    expect(numberedList(['Remove the posts', 'Destroy the copies'])).toBe(
      '1. Remove the posts\n2. Destroy the copies',
    )
    expect(numberedList(['1) Remove', '2) Destroy'])).toBe('1) Remove\n2) Destroy')
  })

  it('gives an agreement an article only when it has none', () => {
    expect(withArticle('Lease dated May 1')).toBe('the Lease dated May 1')
    expect(withArticle('our lease')).toBe('our lease')
  })
})
