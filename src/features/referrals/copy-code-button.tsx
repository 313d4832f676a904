import { CopyButton } from '@/ui/copy-button'

export function CopyCodeButton({ code }: { code: string }) {
  return (
    <CopyButton
      text={code}
      label="Copy Code"
      copiedMessage="Coupon code copied to clipboard!"
      failedMessage="The code could not be copied. Select it and copy it by hand."
    />
  )
}
