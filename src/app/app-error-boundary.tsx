import { Component, type ReactNode } from 'react'
import type { Repository } from '@/data/repository'
import { ErrorScreen } from './error-screen'

type Props = { repository: Repository; children: ReactNode }

/** Catches crashes outside the router's own boundary (providers, toaster). */
export class AppErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override render() {
    if (this.state.error)
      return <ErrorScreen error={this.state.error} repository={this.props.repository} />
    return this.props.children
  }
}
