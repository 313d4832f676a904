import { describe, expect, it } from 'vitest'
import { salutation } from './salutation'

describe('the greeting', () => {
  it.each([
    ['Karen Whitfield', undefined, 'Dear Karen Whitfield:'],
    ['Karen Whitfield, Whitfield Home Goods LLC', undefined, 'Dear Karen Whitfield:'],
    ['John Smith, Jr.', undefined, 'Dear John Smith:'],
    ['Acme Widgets LLC', undefined, 'Dear Sir or Madam:'],
    ['Acme Widgets, Inc.', undefined, 'Dear Sir or Madam:'],
    ['Northgate Property Management Inc.', 'Property Manager', 'Dear Property Manager:'],
    ['Admissions Committee', undefined, 'Dear Admissions Committee:'],
    ['All Members of Harper & Vale LLC', undefined, 'Dear Members of Harper & Vale LLC:'],
    ['The Members of Harper & Vale LLC', undefined, 'Dear Members of Harper & Vale LLC:'],
    ['The Board of Directors', undefined, 'Dear Board of Directors:'],
    ['Board of Directors', undefined, 'Dear Board of Directors:'],
    ['Jane\nDoe', undefined, 'Dear Jane Doe:'],
    [', Acme', undefined, 'Dear Acme:'],
    ['Σωκράτης', undefined, 'Dear Σωκράτης:'],
  ])('greets %j (title %j) as %j', (name, title, greeting) => {
    expect(salutation(name, title)).toBe(greeting)
  })
})
