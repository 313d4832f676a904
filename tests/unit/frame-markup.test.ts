import { describe, expect, it } from 'vitest'
import { cutBefore, frameMarkup } from '../../build/frame-markup'

describe('cutBefore', () => {
  it('ends the markup where asked and closes what is open there, void and self-closed tags aside', () => {
    const markup =
      '<main><form><p>a<br><img src="x"/><svg><path d="M0"/></svg><span>b</span></p><div>c</div></form></main>'
    expect(cutBefore(markup, markup.indexOf('<div>c'))).toBe(
      '<main><form><p>a<br><img src="x"/><svg><path d="M0"/></svg><span>b</span></p></form></main>',
    )
  })
})

describe('frameMarkup', () => {
  it('disables controls, prefixes ids and their references, and drops disabled looks and file inputs', () => {
    const markup =
      '<label for="a">Name</label><input id="a" class="p-2 disabled:opacity-50"/><input type="file" id="f"/><button aria-describedby="a b">Go</button>'
    expect(frameMarkup('x', markup)).toBe(
      '<label for="x-a">Name</label><input disabled="" id="x-a" class="p-2"/><button disabled="" aria-describedby="x-a x-b">Go</button>',
    )
  })
})
