import { describe, expect, it } from 'vitest'
import { adminCsvPath, adminTablePath } from '@/domain/admin-api'
import { INBOX_PATHS } from '@/domain/inbox-api'
import { insertSubscription, insertUser, signedUpAdmin } from '../test-support/admin'
import { get, post, setupTestServer } from '../test-support/test-server'
import { CSV_BATCH, csvCell, csvRecord } from './csv'

/** The admin's tables as CSV: RFC 4180, formulas neutralised, the whole filtered table. */

const server = setupTestServer({
  inboxRateLimits: { messages: { max: 1000, timeWindowMs: 60_000 } },
})

let adminCookie: string | undefined
async function csv(path: string): Promise<string> {
  adminCookie ??= (await signedUpAdmin(server().app)).cookie
  const answer = await get(server().app, path, adminCookie)
  expect(answer.statusCode, answer.body).toBe(200)
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
  return answer.body
}

/** A minimal RFC 4180 reader, to check what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const character = text[i]
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (character === '"') quoted = false
      else cell += character
    } else if (character === '"') quoted = true
    else if (character === ',') {
      record.push(cell)
      cell = ''
    } else if (character === '\r' && text[i + 1] === '\n') {
      record.push(cell)
      records.push(record)
      record = []
      cell = ''
      i++
    } else cell += character
  }
  expect(cell, 'the last record ends with CRLF').toBe('')
  return records
}

describe('CSV cells', () => {
  it('quote what holds a comma, a quote or a line break, and double the quotes', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a, b')).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
    expect(csvCell('')).toBe('')
    expect(csvCell(null)).toBe('')
    expect(csvCell(239.2)).toBe('239.2')
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n')
  })

  it('turn text a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)")
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@cmd')).toBe("'@cmd")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"')
    expect(csvCell('a=b')).toBe('a=b')
    // Numbers are the server's own, never text from anyone: they stay numbers.
    expect(csvCell(-5)).toBe('-5')
  })
})

describe('GET /api/admin/{table}.csv', () => {
  it('answers the header and every row, quoted and neutralised as a spreadsheet needs', async () => {
    const { app } = server()
    const sent = {
      name: '=cmd|"/C calc"!A0',
      email: 'formula@example.com',
      subject: 'Commas, "quotes"\nand lines',
      message: '@SUM(1+1)',
    }
    expect((await post(app, INBOX_PATHS.messages, sent)).statusCode).toBe(201)
    const records = parseCsv(await csv(adminCsvPath('messages')))
    expect(records[0]).toEqual(['ID', 'Name', 'Email', 'Subject', 'Message', 'Received At'])
    const row = records.find((record) => record[2] === 'formula@example.com')
    expect(row?.slice(1, 5)).toEqual([
      `'${sent.name}`,
      sent.email,
      sent.subject,
      `'${sent.message}`,
    ])
    expect(row?.[5]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('is the whole filtered table, newest first, not a page, in the order of the pages', async () => {
    const { database } = server()
    const total = CSV_BATCH * 2 + 17
    await database.query(
      `insert into contact_messages (id, name, email, subject, message, created_at, updated_at)
       select gen_random_uuid(), 'Bulk ' || i, 'bulk' || i || '@example.com', 'Bulk subject',
         'Hello', timestamptz '2026-02-01T00:00:00Z' + (i / 4) * interval '1 second', now()
       from generate_series(1, ${total}) as i`,
    )
    const expected = (await database.query(
      `select id from contact_messages where subject = 'Bulk subject'
       order by created_at desc, id desc`,
    )) as { id: string }[]
    const records = parseCsv(await csv(`${adminCsvPath('messages')}?q=bulk%20subject`))
    expect(records).toHaveLength(total + 1)
    expect(records.slice(1).map((record) => record[0])).toEqual(expected.map((row) => row.id))
    const narrowed = parseCsv(
      await csv(
        `${adminCsvPath('messages')}?q=bulk&from=2026-02-01T00:00:10Z&to=2026-02-01T00:00:11Z`,
      ),
    )
    // Instants 10 and 11 seconds in, four messages each.
    expect(narrowed).toHaveLength(1 + 8)
  })

  it('writes money in dollars and a purchase without any card detail', async () => {
    const { database } = server()
    const customer = await insertUser(database, {
      fullName: 'Csv Customer',
      email: 'csv.customer@example.com',
    })
    const employee = await insertUser(database, { role: 'employee', couponCode: 'EMPCSV234' })
    await insertSubscription(database, customer, { employeeId: employee, couponCode: 'EMPCSV234' })
    // A second sale whose commission a refund voided: it earns the employee nothing.
    const refunded = await insertSubscription(database, await insertUser(database), {
      employeeId: employee,
      couponCode: 'EMPCSV234',
    })
    await database.query(
      `insert into commission_events (id, commission_id, state, amount_cents, created_at)
       select gen_random_uuid(), id, state, commission_cents, now()
       from commissions, (values ('pending'), ('voided')) as states(state)
       where subscription_id = $1`,
      [refunded],
    )
    const purchases = parseCsv(await csv(`${adminCsvPath('subscriptions')}?q=csv.customer`))
    expect(purchases).toEqual([
      [
        'ID',
        'Customer Name',
        'Customer Email',
        'Plan',
        'Price (USD)',
        'Discount (USD)',
        'Discount (%)',
        'Coupon Code',
        'Created At',
        'Refunded At',
      ],
      [
        expect.any(String),
        'Csv Customer',
        'csv.customer@example.com',
        'annual4',
        '239.2',
        '59.8',
        '20',
        'EMPCSV234',
        expect.any(String),
        '',
      ],
    ])
    const employees = parseCsv(await csv(`${adminCsvPath('employees')}?q=EMPCSV`))
    expect(employees[1]?.slice(3, 6)).toEqual(['EMPCSV234', '0', '11.96'])
  })

  it('refuses paging parameters and a bad range with 400, before any row is sent', async () => {
    adminCookie ??= (await signedUpAdmin(server().app)).cookie
    for (const query of ['limit=10', 'cursor=abc', 'from=2026-03-02&to=2026-03-01', 'to=soon']) {
      const answer = await get(server().app, `${adminCsvPath('users')}?${query}`, adminCookie)
      expect(answer.statusCode, query).toBe(400)
      expect(answer.headers['content-type']).toMatch(/^application\/json/)
    }
    // The page route still takes them.
    const page = await get(server().app, `${adminTablePath('users')}?limit=10`, adminCookie)
    expect(page.statusCode).toBe(200)
  })
})
