/** Keeps an error in one panel from blanking the page: the panel says what broke and offers a retry. */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { isLoadFailure, loadFailure } from './on-demand';

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
    // Chromium keeps a module that failed to download for the page's life: Try again would
    // fail the same way, so a reload is offered instead.
    if (isLoadFailure(error)) {
      return (
        <div role="alert" className="panel-error">
          <p>
            The {this.props.name} panel could not be downloaded: {loadFailure(error)}.
          </p>
          <button type="button" onClick={() => location.reload()}>
            Reload page
          </button>
        </div>
      );
    }
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
