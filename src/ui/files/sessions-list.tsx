/** `New session` and the `Sessions` list: switch, rename (double-click or F2), delete. */
import { memo, useState } from 'react';
import type { LoopscopeDb } from '../../store/read';
import { useSessions } from '../../store/read';
import type { SessionRecord } from '../../store/types';

export interface SessionsListProps {
  /** The list reads the sessions itself, so a commit (which bumps a session's revision) re-renders only the list. */
  db: LoopscopeDb;
  currentId: string | null;
  disabled: boolean;
  onNew: () => void;
  onOpen: (id: string) => void;
  onRename: (id: string, title: string) => void;
  onDelete: (id: string) => void;
}

export const SessionsList = memo(function SessionsList({ db, currentId, disabled, onNew, onOpen, onRename, onDelete }: SessionsListProps) {
  const sessions = useSessions(db) ?? [];
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const startEdit = (session: SessionRecord) => {
    setEditing(session.id);
    setDraft(session.title);
  };
  const commit = (id: string) => {
    const title = draft.trim();
    if (title) onRename(id, title);
    setEditing(null);
  };
  return (
    <nav className="sessions">
      <button type="button" onClick={onNew} disabled={disabled}>
        New session
      </button>
      <ul aria-label="Sessions">
        {sessions.map((session) => (
          <li key={session.id} aria-current={session.id === currentId ? 'true' : undefined}>
            {editing === session.id ? (
              <input
                aria-label="Session title"
                value={draft}
                autoFocus
                onChange={(event) => setDraft(event.target.value)}
                onBlur={() => commit(session.id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') commit(session.id);
                  if (event.key === 'Escape') {
                    // Cancels the rename only; it must not also stop the agent.
                    event.preventDefault();
                    event.stopPropagation();
                    setEditing(null);
                  }
                }}
              />
            ) : (
              <>
                <button
                  type="button"
                  className="session-title"
                  disabled={disabled && session.id !== currentId}
                  onClick={() => session.id !== currentId && onOpen(session.id)}
                  onDoubleClick={() => startEdit(session)}
                  onKeyDown={(event) => event.key === 'F2' && startEdit(session)}
                >
                  {session.title}
                  {session.origin !== 'local' ? ' (shared)' : ''}
                </button>
                <button type="button" className="icon" aria-label={`Rename ${session.title}`} onClick={() => startEdit(session)}>
                  ✎
                </button>
                <button
                  type="button"
                  className="icon"
                  aria-label={`Delete ${session.title}`}
                  disabled={disabled}
                  onClick={() => {
                    if (window.confirm(`Delete the session "${session.title}" and its files?`)) onDelete(session.id);
                  }}
                >
                  ×
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
});
