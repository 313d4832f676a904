import { type AnchorHTMLAttributes, createContext, type ReactNode, useContext } from 'react'

/** The pages that links shared by the landing page and the app lead to. */
export type AppPath = '/' | '/auth' | '/app'

/** Search parameters a link carries, such as the auth page's tab or a chosen plan. */
export type AppSearch = Readonly<Record<string, string>>

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: AppPath
  search?: AppSearch | undefined
}

/** The address a link leads to, search included: what a plain link's href and a hand-over enter. */
export function appHref(to: AppPath, search?: AppSearch): string {
  const query = new URLSearchParams(search).toString()
  return query ? `${to}?${query}` : to
}

/** Draws a link; it holds no state of its own, so it is called as a function, not mounted. */
export type RenderAppLink = (props: AppLinkProps) => ReactNode

const renderPlainLink: RenderAppLink = ({ to, search, ...props }) => (
  <a href={appHref(to, search)} {...props} />
)

const AppLinkContext = createContext<RenderAppLink>(renderPlainLink)

/** Chooses how every AppLink below is followed: by the router, or by the landing page's hand-over to the app. */
export const AppLinkProvider = AppLinkContext.Provider

/**
 * A link to one of the app's pages that works with or without the router
 * loaded, so components the landing page shares with the app (the brand, the
 * account links, the hero's call to action) need no router on `/`.
 */
export function AppLink(props: AppLinkProps) {
  const render = useContext(AppLinkContext)
  return render(props)
}
