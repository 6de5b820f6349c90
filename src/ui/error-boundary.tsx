/** Keeps an error in one panel from blanking the page: the panel says what broke and offers a retry. */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

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
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="panel-error">
        <p>
          The {this.props.name} panel failed: {this.state.error.message}
        </p>
        <p>The rest of the app still works, and your work is saved.</p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
