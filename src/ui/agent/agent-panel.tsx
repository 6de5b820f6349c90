/** The agent panel: controls of the loop, the transcript, the approval card and the prompt. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import type { ApprovalMode } from '../../agent/types';
import type { WorkerClient } from '../../worker/client';
import type { LessonInfo } from '../../worker/protocol';
import { ApprovalCard } from '../transcript/approval-card';
import { awaitingApproval } from '../transcript/subagent-region';
import { ContextMeter } from './context-meter';
import { PromptBox } from './prompt-box';
import { Caption, RecordedLessons, ReplayControls, SharedSessionBar, replayActive } from './shared-session-bar';
import { focusLastRestore, PROMPT_COMMANDS } from './prompt-commands';
import type { CommandContext, PromptCommand } from './prompt-commands';
import { retryNotice } from './session-reducer';
import type { SessionAction, SessionView } from './session-reducer';
import { TodoList } from '../transcript/tool-call-card';
import { Transcript } from '../transcript/transcript';
import { ForkOriginLine, useFork } from './fork-controls';
import type { ForkOrigin } from '../../shared/fork-point';
import type { PromptImage } from '../../shared/prompt-images';
import { adoptEarlyPrompt, earlyPromptBox, readEarlyBox } from './early-prompt';
import { forgetUnsent, readUnsent, readUnsentImages, unsentNotice } from './unsent-message';
import { keepUnsentSteering, readUnsentSteering } from './unsent-steering';
import { readDraft, restoredPrompt } from './prompt-draft';
import { useAgentActions } from './use-agent-actions';
import { usePromptAttachments } from './use-prompt-attachments';
import type { PromptAttachments } from './use-prompt-attachments';
import { elementAttachment, imageAttachment } from './prompt-attachments';
import { onElementPicked } from '../preview/picked-elements';

export const APPROVAL_MODES: { value: ApprovalMode; label: string }[] = [
  { value: 'ask', label: 'Ask every time' },
  { value: 'auto-edit', label: 'Auto-accept edits' },
  { value: 'plan', label: 'Plan (read-only)' },
  { value: 'allow-all', label: 'Allow all' },
];

/** What the Queued line says of a queued message's images. */
const queuedImages = (count: number) => (count === 0 ? '' : count === 1 ? ' with an image' : ` with ${count} images`);

export const WAITING_FOR_SANDBOX = 'Waiting for the sandbox… Your message is sent as soon as it is ready.';

export interface AgentPanelProps {
  /** Reached only through the panel's actions (use-agent-actions.ts). */
  client: WorkerClient;
  /** Saves the editor's unsaved edits at once: before a message or Continue goes out. */
  flushRef?: MutableRefObject<(() => void) | null>;
  view: SessionView;
  dispatch: (action: SessionAction) => void;
  approvalMode: ApprovalMode;
  /** False while the stored settings are read: the controls that change them wait. */
  settingsReady: boolean;
  onApprovalModeChange: (mode: ApprovalMode) => void;
  stepThrough: boolean;
  onStepThroughChange: (enabled: boolean) => void;
  provider: { label: string; lessons: LessonInfo[] } | null;
  checkpoints: ReadonlyMap<string, string>;
  /** Where the open session was forked from (Fork from here), if it was. */
  forkedFrom?: ForkOrigin | null;
  /** The open session's notes beside its steps. */
  notes?: Readonly<Record<string, string>> | undefined;
  /** The workspace's files, offered after `@` in the prompt. */
  workspacePaths: readonly string[];
  /** Opens Settings (`/model`: with the focus in Model). */
  onOpenSettings: (focus: 'model') => void;
  /** Opens Share session (`/share`). */
  onOpenShare: () => void;
  /**
   * What goes with the next message, when the page owns it (so other panes can add to it:
   * usePromptAttachments' `add`); without it the panel keeps its own.
   */
  attachments?: PromptAttachments;
}

export function AgentPanel(props: AgentPanelProps) {
  const { view, dispatch } = props;
  const actions = useAgentActions({ client: props.client, view, dispatch, flushRef: props.flushRef });
  const { queued, stop } = actions;
  const ownAttachments = usePromptAttachments();
  const attachments = props.attachments ?? ownAttachments;
  // An element picked in the Preview joins the next message.
  const addAttachment = attachments.add;
  useEffect(() => onElementPicked((pick) => addAttachment(elementAttachment(pick))), [addAttachment]);
  const todos = view.items.findLast((item) => item.type === 'tool' && item.call.display?.type === 'todos');
  const awaiting = awaitingApproval(view.items.flatMap((item) => (item.type === 'tool' ? [item.call] : [])));
  // A message the worker has not taken yet counts as work: no second send meanwhile.
  const busy = view.running || view.waitingMessage !== null;
  const waitingForSandbox = view.waitingMessage !== null && view.sessionId === null;

  useEffect(() => {
    if (!busy) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Escape belongs to the editor, the terminal and dialogs when it happens there.
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('.monaco-editor, .xterm, [role="dialog"], input:not([type="checkbox"])')) return;
      stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, stop]);

  // A fork from a person's message puts its text in the prompt to edit and send: a new prompt box holds it.
  const [seed, setSeed] = useState<{ text: string; key: number } | null>(null);
  const giveBackAttachments = attachments.giveBack;
  const seedPrompt = useCallback(
    (text: string, images?: readonly PromptImage[]) => {
      setSeed((current) => ({ text, key: (current?.key ?? 0) + 1 }));
      if (images && images.length > 0) giveBackAttachments(images.map(imageAttachment));
    },
    [giveBackAttachments],
  );
  const forking = useFork(actions.fork, seedPrompt, actions.error);

  // Steering messages the run ended without: Stop gives them back to the prompt, in order; after
  // any other end (the run finished before they could join) they go as the next message.
  const [given, setGiven] = useState<{ text: string; key: number } | null>(null);
  const returned = view.steeringReturned;
  useEffect(() => {
    if (!returned) return;
    // Taken once: the error boundary's "Try again" remounts the panel, which must not take them again.
    dispatch({ type: 'steering-returned-handled', key: returned.key });
    const text = returned.texts.join('\n\n');
    const images = returned.images.map(imageAttachment);
    const giveBack = () => {
      setGiven((current) => ({ text, key: (current?.key ?? 0) + 1 }));
      if (images.length > 0) attachments.giveBack(images);
    };
    if (returned.stopped) giveBack();
    else void actions.send(text, images).then((accepted) => accepted || giveBack());
  }, [returned?.key]);
  // Steering is for the person's own runs: not a replay's, not a shared session's.
  const steerable = view.running && !view.shared && !replayActive(view.replay);

  // A message this tab's last page sent but never stored is back in the prompt, with a notice
  // once a session is open (unsent-message.ts). A message sent meanwhile keeps its own record.
  const [unsent] = useState(readUnsent);
  // And what was typed and not sent (prompt-draft.ts), after them.
  const [draft] = useState(readDraft);
  const [unsentImages] = useState(() => (unsent === null ? { images: [], dropped: 0 } : readUnsentImages()));
  const unsentImagesGiven = useRef(false);
  useEffect(() => {
    if (unsentImagesGiven.current || unsentImages.images.length === 0) return;
    unsentImagesGiven.current = true;
    giveBackAttachments(unsentImages.images.map(imageAttachment));
  }, [unsentImages, giveBackAttachments]);
  // So are steering messages that had not joined the run (the run ended with the page): unsent-steering.ts.
  const [unsentSteering] = useState(readUnsentSteering);
  useEffect(() => keepUnsentSteering(view.steering.map((waiting) => waiting.text)), [view.steering]);
  // What the person typed into index.html's prompt before this code loaded comes first.
  const [early] = useState(() => {
    const box = earlyPromptBox();
    return box ? readEarlyBox(box) : null;
  });
  const unsentNoticed = useRef(false);
  const sessionOpen = view.sessionId !== null;
  useEffect(() => {
    if ((unsent === null && unsentSteering.length === 0) || !sessionOpen || unsentNoticed.current) return;
    unsentNoticed.current = true;
    if (view.waitingMessage === null) forgetUnsent();
    dispatch({ type: 'notice', level: 'info', message: unsentNotice(unsentImages.dropped) });
  }, [unsent, sessionOpen]); // once, when the first session opens

  const commandContext: CommandContext = {
    busy,
    notify: actions.notify,
    ...actions.commands,
    focusLastRestore: () => focusLastRestore(document.querySelector('section[aria-label="Transcript"]')),
    openSettings: props.onOpenSettings,
    openShare: props.onOpenShare,
  };
  const runCommand = (command: PromptCommand) => command.run(commandContext);

  return (
    <div className="agent-panel">
      <div className="agent-controls">
        <label>
          Approval mode{' '}
          <select
            aria-label="Approval mode"
            value={props.approvalMode}
            disabled={!props.settingsReady}
            onChange={(event) => props.onApprovalModeChange(event.target.value as ApprovalMode)}
          >
            {APPROVAL_MODES.map((mode) => (
              <option key={mode.value} value={mode.value}>
                {mode.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={props.stepThrough} disabled={!props.settingsReady} onChange={(event) => props.onStepThroughChange(event.target.checked)} /> Step
          through
        </label>
        {!replayActive(view.replay) && (view.pause || (props.stepThrough && view.running)) ? (
          // Stays on screen (unavailable between pauses) while stepping, so the focus stays on it.
          <button
            type="button"
            aria-disabled={!view.pause}
            onClick={() => view.pause && actions.nextStep(view.pause.step)}
          >
            Next step
          </button>
        ) : null}
        <button type="button" disabled={busy} onClick={actions.compress}>
          Compress
        </button>
        <ContextMeter usage={view.context} />
      </div>
      {props.approvalMode === 'allow-all' ? (
        <p className="warning-banner">Allow all: the agent writes files and runs commands without asking.</p>
      ) : null}
      {/* Always on the page, so a screen reader announces each pause and retry as it starts. */}
      <p className="paused" role="status">
        {view.pause
          ? `Paused before ${view.pause.stage === 'before_model' ? 'the model call' : 'the tool'}: ${view.pause.label}`
          : view.retry
            ? retryNotice(view.retry)
            : waitingForSandbox
              ? WAITING_FOR_SANDBOX
              : ''}
      </p>
      {todos?.type === 'tool' && todos.call.display?.type === 'todos' ? (
        <section className="todo-panel" aria-label="Todos">
          <TodoList todos={todos.call.display.todos} />
        </section>
      ) : null}
      {props.forkedFrom ? <ForkOriginLine origin={props.forkedFrom} onOpen={actions.openSession} /> : null}
      <Transcript
        key={view.sessionId ?? 'opening'}
        items={view.items}
        steering={view.steering}
        onDisableLoopDetection={actions.disableLoopDetection}
        checkpoints={props.checkpoints}
        onRestore={busy || view.shared ? null : actions.restore}
        differs={view.replay?.differs}
        prepended={view.prepended}
        earlierPending={view.earlierPending}
        onFork={busy || view.elsewhere ? null : forking.fork}
        onEditFork={busy || view.elsewhere ? null : forking.edit}
        editedCallId={props.forkedFrom?.edit?.kind === 'result' ? props.forkedFrom.edit.callId : undefined}
        notes={props.notes}
        onSaveNote={view.elsewhere || !view.sessionId ? null : actions.saveNote}
      />
      {forking.problemView}
      {props.provider?.lessons.length && view.items.length === 0 && !view.shared ? (
        <div className="lessons" aria-label="Lessons">
          <p>{props.provider.label}: pick a lesson (replies are scripted; tools and approvals are real).</p>
          {props.provider.lessons.map((lesson) => (
            <button key={lesson.id} type="button" onClick={() => void actions.send(lesson.prompt)}>
              {lesson.title}
            </button>
          ))}
          <RecordedLessons lessons={props.provider.lessons} onOpen={actions.openLesson} />
        </div>
      ) : null}
      {awaiting ? (
        <ApprovalCard call={awaiting.call} subagent={awaiting.subagent} onDecide={(outcome) => actions.decide(awaiting.call.callId, outcome)} />
      ) : null}
      {view.elsewhere ? (
        <div role="alert" className="interrupted">
          <p>This session is open in another tab. Here it is read-only, so the two tabs cannot overwrite each other.</p>
          <button type="button" onClick={actions.takeOver}>
            Take over here
          </button>
        </div>
      ) : null}
      {view.interruption.type !== 'none' && !view.running && !view.elsewhere && !view.shared ? (
        <div className="interrupted">
          <p>{props.forkedFrom && view.items.at(-1)?.type === 'tool' ? 'This fork ends with tool results: Continue lets the model answer them.' : 'This session was interrupted mid-turn.'}</p>
          <button type="button" onClick={actions.continueRun}>
            Continue
          </button>
          {props.forkedFrom?.recording && !props.forkedFrom.edit && view.interruption.type === 'interrupted_prompt' ? (
            <button type="button" onClick={() => actions.replay({ kind: 'from-here' })}>
              Replay from here
            </button>
          ) : null}
        </div>
      ) : null}
      {!view.shared && view.replay && (replayActive(view.replay) || view.replay.caption) ? (
        // Replay from here, in a fork of a recording: its controls and captions, as a shared session shows them.
        <section className="shared-bar" aria-label="Replay from here">
          {view.replay.caption ? <Caption text={view.replay.caption} /> : null}
          {replayActive(view.replay) ? (
            <ReplayControls replay={view.replay} command={actions.replay} />
          ) : null}
        </section>
      ) : null}
      {view.shared ? (
        <SharedSessionBar shared={view.shared} replay={view.replay} running={busy} command={actions.replay} fork={actions.forkShared} />
      ) : null}
      {queued ? (
        <p role="status" className="queued-message">
          Queued: “{queued.text}”{queuedImages(queued.images.length)}. It is sent as soon as the agent finishes; Stop gives it back.
        </p>
      ) : null}
      <PromptBox
        key={seed?.key ?? 0}
        running={busy}
        canSend={view.waitingMessage === null && queued === null}
        waiting={waitingForSandbox}
        initialText={seed ? seed.text : early?.text || restoredPrompt([...unsentSteering, ...(unsent ? [unsent] : [])], draft)}
        initialCaret={seed ? undefined : early?.text ? early.caret : undefined}
        adoptEarly={adoptEarlyPrompt}
        onSend={actions.send}
        onSteer={steerable ? actions.steer : undefined}
        given={given}
        onStop={stop}
        commands={PROMPT_COMMANDS}
        onCommand={runCommand}
        paths={props.workspacePaths}
        attachments={attachments}
      />
    </div>
  );
}
