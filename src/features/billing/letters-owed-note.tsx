/**
 * Two devices offline spent the same last letter (DESIGN.md §8): the letters
 * are kept, the account owes the difference, and the next plan pays it first.
 */
export function LettersOwedNote({ owed }: { owed: number }) {
  const letters = owed === 1 ? 'one letter' : `${owed} letters`
  return (
    <p role="status" className="mt-2 rounded-md bg-brass-300/20 px-3 py-2 text-sm">
      You owe {letters}: your devices wrote {owed === 1 ? 'it' : 'them'} offline with credits
      another device had already used. Every letter is kept, and your next plan pays what is owed
      first.
    </p>
  )
}
