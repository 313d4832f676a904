import { describe, expect, it } from 'vitest'
import { meetingDay, meetingTime } from './meeting-time'

describe('a meeting’s day and time', () => {
  it('gives the weekday with the day', () => {
    expect(meetingDay('2026-12-15')).toBe('Tuesday, December 15, 2026')
    expect(meetingDay('2028-02-29')).toBe('Tuesday, February 29, 2028')
  })

  it.each([
    ['14:30', '2:30 p.m.'],
    ['09:05', '9:05 a.m.'],
    ['12:00', '12:00 noon'],
    ['12:45', '12:45 p.m.'],
    ['00:00', '12:00 midnight'],
    ['00:30', '12:30 a.m.'],
    ['23:59', '11:59 p.m.'],
  ])('writes %s as %s', (time, written) => {
    expect(meetingTime(time)).toBe(written)
  })
})
