/** Keeps an error in one panel from blanking the page: the panel says what broke and offers a retry. */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { isLoadFailure, loadFailure } from './on-demand';

/**
 * Code that could not be downloaded: `what` (e.g. "The editor panel could not be downloaded"),
 * why, and a reload, the only retry (Chromium keeps a failed module for the page's life).
 */
export function DownloadFailed({ what, error }: { what: string; error: unknown }) {
  return (
    <div role="alert" className="panel-error">
      <p>
        {what}: {loadFailure(error)}.
      </p>
      <button type="button" onClick={() => location.reload()}>
        Reload page
      </button>
    </div>
  );
}

interface Props {
  name: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.name}]`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Try again would fail the same way: a reload is offered instead.
    if (isLoadFailure(error)) return <DownloadFailed what={`The ${this.props.name} panel could not be downloaded`} error={error} />;
    return (
      <div role="alert" className="panel-error">
        <p>
          The {this.props.name} panel failed: {error.message}
        </p>
        <p>The rest of the app still works, and your work is saved.</p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
