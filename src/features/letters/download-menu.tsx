import { ChevronDown, Download } from 'lucide-react'
import { useState } from 'react'
import type { Letter } from '@/domain/types'
import { MenuButton } from '@/ui/menu'
import { EmailLetterDialog } from './email-letter-dialog'
import { preloadExports } from './export/deliver'
import { useLetterExport } from './use-letter-export'

export function DownloadMenu({ letter }: { letter: Letter }) {
  const { download, share } = useLetterExport()
  const [emailing, setEmailing] = useState(false)

  async function shareOrEmail() {
    if (!(await share(letter))) setEmailing(true)
  }

  return (
    <>
      <MenuButton
        name="Download"
        onIntent={preloadExports}
        label={
          <>
            <Download aria-hidden className="size-4" />
            Download
            <ChevronDown aria-hidden className="size-4" />
          </>
        }
        items={[
          { key: 'txt', label: 'Text (.txt)', onSelect: () => void download(letter, 'txt') },
          { key: 'pdf', label: 'PDF (.pdf)', onSelect: () => void download(letter, 'pdf') },
          { key: 'docx', label: 'Word (.docx)', onSelect: () => void download(letter, 'docx') },
          { key: 'share', label: 'Share or Email', onSelect: () => void shareOrEmail() },
        ]}
      />
      {emailing ? <EmailLetterDialog letter={letter} onClose={() => setEmailing(false)} /> : null}
    </>
  )
}
