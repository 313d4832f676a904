import { describe, expect, it } from 'vitest'
import { baseUrl, setupBrowser } from './support/browser'
import { readTable } from './support/indexeddb'
import { landingLive, visible } from './support/wait'

const browser = setupBrowser()

/** The policy as the built index.html declares it, directive by directive. */
async function declaredPolicy(): Promise<Map<string, string>> {
  const html = await (await fetch(`${baseUrl()}/`)).text()
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1]
  if (!content) throw new Error('index.html declares no Content-Security-Policy')
  const policy = content.replaceAll('&#39;', "'")
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values.join(' ')]
    }),
  )
}

describe('Content-Security-Policy', () => {
  it('allows only this origin’s scripts, no plugins, no <base>, and any http(s) endpoint for the AI engine', async () => {
    const policy = await declaredPolicy()
    expect(policy.get('default-src')).toBe("'self'")
    expect(policy.get('script-src')).toBe("'self'")
    expect(policy.get('object-src')).toBe("'none'")
    expect(policy.get('base-uri')).toBe("'none'")
    expect(policy.get('connect-src')).toBe("'self' http: https:")
    // sonner's stylesheet, allowed by hash (and the empty stylesheet it starts as).
    expect(policy.get('style-src')).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*'){2}$/)
    for (const value of policy.values()) {
      expect(value).not.toContain('unsafe-inline')
      expect(value).not.toContain('unsafe-eval')
    }
  })

  it('refuses an inline script and reports it', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/')
    await visible(page.locator('#hero'))
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.__inlineRan = true'
      document.head.append(script)
      await new Promise((resolve) => setTimeout(resolve, 50))
      return (window as { __inlineRan?: boolean }).__inlineRan === true
    })
    expect(ran).toBe(false)
    expect(browser.takeCspViolations()).toEqual([
      'Content-Security-Policy violation: script-src-elem blocked inline',
    ])
    await context.close()
  })
})

describe('errors nobody handled', () => {
  it('records a failed promise nobody waited for, and says so', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/')
    // The prerendered #hero shows before the page's script runs and starts listening.
    await landingLive(page)
    await page.evaluate(() => {
      void Promise.reject(new Error('A background task failed.'))
    })
    await visible(page.getByText('Something went wrong in the background.', { exact: false }))
    await visible(page.getByText('A background task failed.'))
    const errors = await readTable(page, 'errors')
    expect(errors).toEqual([
      expect.objectContaining({ message: 'A background task failed.', route: '/' }),
    ])
    await context.close()
  })
})
