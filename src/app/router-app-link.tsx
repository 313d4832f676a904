import { Link } from '@tanstack/react-router'
import type { RenderAppLink } from '@/ui/app-link'

/** AppLink's implementation inside the app: the router follows it, preloading on intent. */
export const renderRouterLink: RenderAppLink = ({ to, search, ...props }) => (
  <Link to={to} search={search} {...props} />
)
