/**
 * Whether a URL path names a file (`/robots.txt`, `/assets/app-1a2b.js`) rather than a page of the
 * app, none of which has an extension. Servers of the build answer a missing file with 404, never
 * with the app's page: a crawler or a script reading the page as that file would find it broken.
 */
export function namesAFile(path: string): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(path.slice(path.lastIndexOf('/') + 1))
}
