/** One tool call: its name and target, its live status, and a renderer per result kind. */
import { useEffect, useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import type { ToolCallStatus, ToolCallView } from '../../agent/types';
import { hookRunLine } from '../../shared/hook-run';
import type { HookRun } from '../../shared/hook-run';
import { progressText } from '../../shared/tool-display';
import type { Todo, ToolDisplay, ToolProgress } from '../../shared/tool-display';
import { ToolImages } from './tool-images';
import { SubagentRegion } from './subagent-region';

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

/**
 * A result's text, scrolled inside the card past its height. It is a Tab stop (so the keyboard
 * can scroll it) only while it overflows: short outputs add no stops to a long transcript.
 */
function ToolOutput({ className, ...props }: ComponentProps<'pre'>) {
  const ref = useRef<HTMLPreElement>(null);
  const [overflows, setOverflows] = useState(false);
  // Told after layout, for every card of a long transcript in one batch, and again as its box
  // changes (output growing while a command runs, a Result opened): no layout is forced here.
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <pre ref={ref} className={className ? `tool-output ${className}` : 'tool-output'} {...props} {...(overflows ? { tabIndex: 0 } : {})} />;
}

function DisplayView({ display, toolName }: { display: ToolDisplay; toolName: string }) {
  switch (display.type) {
    case 'text':
      if (!display.images?.length) return <ToolOutput>{display.text}</ToolOutput>;
      return (
        <>
          {display.text ? <ToolOutput>{display.text}</ToolOutput> : null}
          <ToolImages images={display.images} toolName={toolName} />
        </>
      );
    case 'shell':
      return (
        <ToolOutput aria-label="Command output">
          {display.output || '(no output)'}
          {display.exitCode !== null && display.exitCode !== 0 ? `\n[exit code ${display.exitCode}]` : ''}
          {display.timedOut ? '\n[timed out]' : ''}
        </ToolOutput>
      );
    case 'diff':
      return <p className="tool-note">{display.before === null ? 'Created' : 'Changed'} {display.path}</p>;
    case 'files':
      return (
        <ToolOutput>
          {display.paths.join('\n')}
          {display.note ? `\n${display.note}` : ''}
        </ToolOutput>
      );
    case 'todos':
      return <TodoList todos={display.todos} />;
  }
}

/** The person's After each edit hook, run after this call: how it ended, and its output as the model got it (folded). */
function HookRunView({ run }: { run: HookRun }) {
  return (
    <details className="tool-hook">
      <summary>{hookRunLine(run)}</summary>
      <ToolOutput aria-label="Hook output">{run.failure ?? (run.output || '(no output)')}</ToolOutput>
    </details>
  );
}

/** A running call's progress (an MCP server's notifications): a bar when the total is known, and the words ("3 / 5 · Indexing"). */
function ProgressView({ progress, title }: { progress: ToolProgress; title: string }) {
  const text = progressText(progress);
  const bounded = progress.total !== undefined && progress.total > 0 && Number.isFinite(progress.progress);
  return (
    <p className="tool-progress">
      {bounded ? <progress aria-label={`Progress of ${title}`} value={Math.min(progress.progress, progress.total!)} max={progress.total} /> : null}
      <span className="tool-progress-text">{text}</span>
    </p>
  );
}

/**
 * `restore`: the card's Restore control, when its call has a checkpoint (transcript.tsx).
 * `recorded`: on replay, the recorded result this call's result differs from.
 * `edited`: this fork gave the model an edited result for this call (Edit result and fork).
 */
export function ToolCallCard({ call, restore, recorded, edited = false }: { call: ToolCallView; restore?: ReactNode; recorded?: string | undefined; edited?: boolean }) {
  const title = call.summary ? `${call.name} ${call.summary}` : call.name;
  const label = statusLabel(call.status);
  return (
    <article className={`tool-card status-${call.status}`} aria-label={title}>
      <header>
        <span className="tool-name">{call.name}</span> <span className="tool-summary">{call.summary}</span>
        <span className="tool-status" data-status={label}>
          {label}
        </span>
        {edited ? (
          <span className="tool-edited" title="This fork gave the model an edited result for this call (the Loop inspector shows both)">
            edited
          </span>
        ) : null}
      </header>
      {call.status === 'executing' && call.progress ? <ProgressView progress={call.progress} title={title} /> : null}
      {call.status === 'executing' && call.liveOutput ? (
        <ToolOutput className="live" aria-live="off">
          {call.liveOutput}
        </ToolOutput>
      ) : null}
      {call.subagent ? <SubagentRegion view={call.subagent} /> : null}
      {call.display ? <DisplayView display={call.display} toolName={call.name} /> : null}
      {!call.display && call.resultText && call.status !== 'success' ? <p className="tool-error">{call.resultText}</p> : null}
      {!call.display && call.resultText && call.status === 'success' ? (
        <details>
          <summary>Result</summary>
          <ToolOutput>{call.resultText}</ToolOutput>
        </details>
      ) : null}
      {call.hookRun ? <HookRunView run={call.hookRun} /> : null}
      {recorded !== undefined ? (
        <details className="tool-differs" open>
          <summary>Differs from the recording</summary>
          <p className="tool-note">The replayed result is above; the recording had:</p>
          <ToolOutput>{recorded}</ToolOutput>
        </details>
      ) : null}
      {restore ?? null}
    </article>
  );
}
