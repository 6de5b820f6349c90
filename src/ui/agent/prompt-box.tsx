/**
 * The prompt: Enter sends, Shift+Enter is a new line. The box empties on send; if the
 * message is not accepted after all, its text comes back (unless the person typed anew).
 * While the agent works (with `onSteer`), Enter steers it (the message joins the run at its next
 * boundary) and Alt+Enter queues the message for the run's end; the buttons Steer and Queue do
 * the same. Texts given back (`given`: steering messages Stop returned) come before what is typed.
 *
 * `/` at the start opens the listbox `Commands`, `@` opens `Mention a file` (workspace paths
 * matching what follows it). While one is open, the arrows move in it, Enter or Tab picks,
 * Escape closes it; the focus stays in the prompt (a combobox naming the active option). A
 * picked command runs at once (Tab only completes its name); a message that is exactly a
 * command's name runs it too. A picked path is written as `@path` (spaces escaped).
 *
 * Attachments (`attachments`, owned above the box): images pasted (a clipboard holding files and
 * no plain text), dropped on the box or picked with Attach image join the list `Attachments`
 * above it and go with the next message, Steer and Queue included; a message not accepted gives
 * them back with its text. A file refused says why beside the box; the text is left as it was.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type React from 'react';
import { CompletionList, optionId } from './completion-list';
import type { CompletionOption } from './completion-list';
import { completionAt, filterCommands, filterPaths, insertMention } from './prompt-completion';
import type { CompletionToken } from './prompt-completion';
import type { EarlyPrompt } from './early-prompt';
import { commandNamed } from './prompt-commands';
import type { PromptCommand } from './prompt-commands';
import { AttachmentList } from './attachment-list';
import type { PromptAttachment } from './prompt-attachments';
import { keepDraft } from './prompt-draft';
import type { PromptAttachments } from './use-prompt-attachments';
import { PROMPT_IMAGE_TYPES } from '../../shared/prompt-images';

export interface PromptBoxProps {
  /** The agent is working: Stop shows. */
  running: boolean;
  /** A message can be sent (or queued while the agent works) now; default: when not running. */
  canSend?: boolean;
  /** A message was sent before the sandbox is ready and waits for it. */
  waiting?: boolean;
  /** The text the box opens with (a message given back after a reload). */
  initialText?: string;
  /** Where the caret starts in initialText (default: its end). */
  initialCaret?: number | undefined;
  /**
   * At the first commit: the last state of index.html's prompt (early-prompt.ts), which this
   * box takes over (keys typed while the app rendered) and sends if Enter was pressed there.
   */
  adoptEarly?: () => EarlyPrompt | null;
  onSend: (text: string, attachments: readonly PromptAttachment[]) => Promise<boolean>;
  /** While `running`: Enter steers the run with the message (and button Steer shows); Alt+Enter and Queue send with onSend. */
  onSteer?: ((text: string, attachments: readonly PromptAttachment[]) => Promise<boolean>) | undefined;
  /** Text given back to the prompt, put before what is typed; once per `key`. */
  given?: { text: string; key: number } | null | undefined;
  onStop: () => void;
  /** The `/` commands; a picked one is handed to onCommand. */
  commands?: readonly PromptCommand[];
  onCommand?: (command: PromptCommand) => void;
  /** Workspace paths offered after `@`. */
  paths?: readonly string[];
  /** What goes with the next message (use-prompt-attachments.ts); without it, nothing can be attached. */
  attachments?: PromptAttachments | undefined;
}

interface Suggestions {
  token: CompletionToken;
  label: 'Commands' | 'Mention a file';
  options: CompletionOption[];
  commands: PromptCommand[];
}

function suggestionsFor(token: CompletionToken | null, commands: readonly PromptCommand[], paths: readonly string[]): Suggestions | null {
  if (!token) return null;
  if (token.kind === 'command') {
    const matching = filterCommands(commands, token.query);
    const options = matching.map((command) => ({ key: command.name, label: command.name, detail: command.description }));
    return options.length > 0 ? { token, label: 'Commands', options, commands: matching } : null;
  }
  const options = filterPaths(paths, token.query).map((path) => ({ key: path, label: path }));
  return options.length > 0 ? { token, label: 'Mention a file', options, commands: [] } : null;
}

const tokenKey = (token: CompletionToken): string => `${token.kind}:${token.start}`;

export function PromptBox({ running, canSend = !running, waiting = false, initialText = '', initialCaret, adoptEarly, onSend, onSteer, given, onStop, commands = [], onCommand, paths = [], attachments }: PromptBoxProps) {
  const [text, setText] = useState(initialText);
  // Kept as typed, so a reload gives it back (prompt-draft.ts).
  useEffect(() => keepDraft(text), [text]);
  const [caret, setCaret] = useState(initialCaret ?? initialText.length);
  const [active, setActive] = useState(0);
  /** The word whose list Escape closed: it stays closed until the caret leaves that word. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(initialCaret ?? null);
  const listId = useId();

  const token = completionAt(text, caret);
  const suggestions = token && tokenKey(token) !== dismissed ? suggestionsFor(token, commands, paths) : null;
  const activeIndex = suggestions ? Math.min(active, suggestions.options.length - 1) : 0;

  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !textareaRef.current) return;
    pendingCaret.current = null;
    textareaRef.current.setSelectionRange(at, at);
  });

  /** A new caret position: a list closed by Escape opens again once the caret is in another word. */
  const moveCaret = (nextText: string, nextCaret: number) => {
    setCaret(nextCaret);
    const next = completionAt(nextText, nextCaret);
    if (dismissed !== null && (!next || tokenKey(next) !== dismissed)) setDismissed(null);
  };
  const edit = (next: string, nextCaret: number) => {
    setText(next);
    moveCaret(next, nextCaret);
    setActive(0);
  };

  /**
   * Hands the text and its attachments to `deliver`; a refusal puts both back. While an image
   * pasted or dropped just before is being prepared, the text stays in the box, read-only (the
   * prompt says what it waits for), and goes once the image can go with it.
   */
  const [holding, setHolding] = useState(false);
  const holdingRef = useRef(false);
  const hand = async (trimmed: string, deliver: (text: string, taken: readonly PromptAttachment[]) => Promise<boolean>) => {
    if (holdingRef.current) return;
    let taken: readonly PromptAttachment[] = [];
    if (attachments?.isPreparing()) {
      holdingRef.current = true;
      setHolding(true);
      taken = await attachments.takeWhenReady().finally(() => {
        holdingRef.current = false;
        setHolding(false);
      });
    } else taken = attachments?.take() ?? [];
    edit('', 0);
    if (await deliver(trimmed, taken)) return;
    setText((current) => current || trimmed);
    if (taken.length > 0) attachments?.giveBack(taken);
  };
  const send = (current = text) => {
    const trimmed = current.trim();
    if (!trimmed || !canSend) return;
    void hand(trimmed, onSend);
  };
  const steering = running && onSteer !== undefined;
  const steer = (current = text) => {
    const trimmed = current.trim();
    if (!trimmed || !onSteer) return;
    void hand(trimmed, onSteer);
  };

  // Given back (steering messages a Stop returned): older than what is typed, so they come first.
  useLayoutEffect(() => {
    if (!given) return;
    setText((current) => [given.text, current].filter((part) => part.trim() !== '').join('\n\n'));
  }, [given?.key]);

  const runCommand = (command: PromptCommand) => {
    edit('', 0);
    onCommand?.(command);
  };

  const submit = (current = text, queue = false) => {
    const command = onCommand ? commandNamed(current, commands) : undefined;
    if (command) runCommand(command);
    else if (steering && !queue) steer(current);
    else send(current);
  };

  // Once (adoptEarly answers once: StrictMode mounts effects twice), before the first paint.
  useLayoutEffect(() => {
    const early = adoptEarly?.();
    if (!early || early.text === '') return; // nothing typed there: initialText stands
    if (early.send) return submit(early.text);
    if (early.text === text) return;
    pendingCaret.current = early.caret;
    edit(early.text, early.caret);
  }, []);

  const pick = (index: number, completeOnly = false) => {
    if (!suggestions) return;
    const { token: picked } = suggestions;
    if (picked.kind === 'command') {
      const command = suggestions.commands[index];
      if (!command) return;
      if (!completeOnly) return runCommand(command);
      const next = `${command.name} ${text.slice(picked.end).trimStart()}`;
      pendingCaret.current = command.name.length + 1;
      return edit(next, command.name.length + 1);
    }
    const path = suggestions.options[index]?.key;
    if (path === undefined) return;
    const inserted = insertMention(text, picked, path);
    pendingCaret.current = inserted.caret;
    edit(inserted.text, inserted.caret);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (suggestions) {
      const count = suggestions.options.length;
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step !== 0) {
        event.preventDefault();
        setActive((activeIndex + step + count) % count);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        event.preventDefault();
        pick(activeIndex, event.key === 'Tab');
        return;
      }
      if (event.key === 'Escape') {
        // Handled here: the panel's Escape (Stop) sees defaultPrevented and leaves the agent alone.
        event.preventDefault();
        setDismissed(tokenKey(suggestions.token));
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit(text, event.altKey);
    }
  };

  /** Files pasted or dropped: attached (the focus stays in the prompt). */
  const attachFiles = (files: readonly File[]) => void attachments?.addFiles(files);
  const onPaste = (event: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    // Cells copied from a spreadsheet come as text and a picture of them: the text is what was meant.
    if (!attachments || files.length === 0 || event.clipboardData.getData('text/plain') !== '') return;
    event.preventDefault();
    attachFiles(files);
  };
  const holdsFiles = (event: React.DragEvent) => attachments !== undefined && [...event.dataTransfer.types].includes('Files');

  const canSubmit = canSend || steering || commandNamed(text, commands) !== undefined;
  return (
    <form
      className="prompt"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onDragOver={(event) => {
        if (holdsFiles(event)) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!holdsFiles(event)) return;
        event.preventDefault();
        attachFiles([...event.dataTransfer.files]);
        textareaRef.current?.focus();
      }}
    >
      {attachments ? (
        <AttachmentList
          attachments={attachments.attachments}
          onRemove={(id) => {
            attachments.remove(id);
            textareaRef.current?.focus();
          }}
        />
      ) : null}
      {attachments && attachments.preparing.length > 0 ? (
        <p className="attachment-preparing" role="status">
          Preparing {attachments.preparing.join(', ')}…
        </p>
      ) : null}
      {attachments?.problem ? (
        <p className="attachment-problem" role="alert">
          {attachments.problem}
        </p>
      ) : null}
      <div
        className="prompt-input"
        role="combobox"
        aria-label="Message the agent"
        aria-haspopup="listbox"
        aria-expanded={suggestions !== null}
        aria-controls={suggestions ? listId : undefined}
      >
        {suggestions ? (
          <CompletionList
            id={listId}
            label={suggestions.label}
            options={suggestions.options}
            active={activeIndex}
            onActivate={setActive}
            onPick={(index) => pick(index)}
          />
        ) : null}
        <textarea
          ref={textareaRef}
          aria-label="Message the agent"
          aria-autocomplete="list"
          aria-controls={suggestions ? listId : undefined}
          aria-activedescendant={suggestions ? optionId(listId, activeIndex) : undefined}
          // The page is for talking to the agent: typing can start as soon as it opens.
          autoFocus
          // A message waiting for its image to be prepared stays as it was sent.
          readOnly={holding}
          placeholder={
            waiting
              ? 'Waiting for the sandbox… your message runs as soon as it is ready'
              : running
                ? steering
                  ? 'The agent is working… Enter steers it, Alt+Enter queues your next message (Escape stops it)'
                  : canSend
                    ? 'The agent is working… Enter queues your next message (Escape stops it)'
                    : 'The agent is working… (Escape stops it)'
                : 'Message the agent (Enter sends, Shift+Enter for a new line, / for commands, @ to mention a file)'
          }
          value={text}
          rows={3}
          onChange={(event) => edit(event.target.value, event.target.selectionStart)}
          onSelect={(event) => moveCaret(event.currentTarget.value, event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
      </div>
      <div className="prompt-actions">
        {attachments ? (
          <>
            <button type="button" title="Attach a PNG, JPEG, WebP or GIF image (you can also paste or drop one)" onClick={() => fileInputRef.current?.click()}>
              Attach image
            </button>
            <input
              ref={fileInputRef}
              type="file"
              accept={PROMPT_IMAGE_TYPES.join(',')}
              multiple
              hidden
              aria-label="Image to attach"
              onChange={(event) => {
                attachFiles([...(event.target.files ?? [])]);
                event.target.value = '';
                textareaRef.current?.focus();
              }}
            />
          </>
        ) : null}
        {running ? (
          <button type="button" className="danger" onClick={onStop}>
            Stop
          </button>
        ) : null}
        {steering ? (
          <>
            <button type="submit" disabled={text.trim() === ''} title="Joins the agent's run after its current step (Enter)">
              Steer
            </button>
            <button type="button" disabled={!canSend || text.trim() === ''} title="Waits until the agent has finished (Alt+Enter)" onClick={() => submit(text, true)}>
              Queue
            </button>
          </>
        ) : (
          <button type="submit" disabled={!canSubmit || text.trim() === ''}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
