/** One tool call: its name and target, its live status, and a renderer per result kind. */
import type { ReactNode } from 'react';
import type { ToolCallStatus, ToolCallView } from '../agent/types';
import type { Todo, ToolDisplay } from '../shared/tool-display';

export function statusLabel(status: ToolCallStatus): string {
  return status.replace(/_/g, ' ');
}

export function TodoList({ todos }: { todos: Todo[] }) {
  return (
    <ul className="todos">
      {todos.map((todo, index) => (
        <li key={index} data-todo-status={todo.status}>
          [{todo.status === 'completed' ? 'x' : todo.status === 'in_progress' ? '>' : todo.status === 'cancelled' ? '-' : ' '}] {todo.description}
        </li>
      ))}
    </ul>
  );
}

function DisplayView({ display }: { display: ToolDisplay }) {
  switch (display.type) {
    case 'text':
      return <pre className="tool-output" tabIndex={0}>{display.text}</pre>;
    case 'shell':
      return (
        <pre className="tool-output" aria-label="Command output" tabIndex={0}>
          {display.output || '(no output)'}
          {display.exitCode !== null && display.exitCode !== 0 ? `\n[exit code ${display.exitCode}]` : ''}
          {display.timedOut ? '\n[timed out]' : ''}
        </pre>
      );
    case 'diff':
      return <p className="tool-note">{display.before === null ? 'Created' : 'Changed'} {display.path}</p>;
    case 'files':
      return (
        <pre className="tool-output" tabIndex={0}>
          {display.paths.join('\n')}
          {display.note ? `\n${display.note}` : ''}
        </pre>
      );
    case 'todos':
      return <TodoList todos={display.todos} />;
  }
}

/**
 * `restore`: the card's Restore control, when its call has a checkpoint (transcript.tsx).
 * `recorded`: on replay, the recorded result this call's result differs from.
 */
export function ToolCallCard({ call, restore, recorded }: { call: ToolCallView; restore?: ReactNode; recorded?: string | undefined }) {
  const title = call.summary ? `${call.name} ${call.summary}` : call.name;
  const label = statusLabel(call.status);
  return (
    <article className={`tool-card status-${call.status}`} aria-label={title}>
      <header>
        <span className="tool-name">{call.name}</span> <span className="tool-summary">{call.summary}</span>
        <span className="tool-status" data-status={label}>
          {label}
        </span>
      </header>
      {call.status === 'executing' && call.liveOutput ? (
        <pre className="tool-output live" aria-live="off" tabIndex={0}>
          {call.liveOutput}
        </pre>
      ) : null}
      {call.display ? <DisplayView display={call.display} /> : null}
      {!call.display && call.resultText && call.status !== 'success' ? <p className="tool-error">{call.resultText}</p> : null}
      {!call.display && call.resultText && call.status === 'success' ? (
        <details>
          <summary>Result</summary>
          <pre className="tool-output" tabIndex={0}>{call.resultText}</pre>
        </details>
      ) : null}
      {recorded !== undefined ? (
        <details className="tool-differs" open>
          <summary>Differs from the recording</summary>
          <p className="tool-note">The replayed result is above; the recording had:</p>
          <pre className="tool-output" tabIndex={0}>{recorded}</pre>
        </details>
      ) : null}
      {restore ?? null}
    </article>
  );
}
