/** The actions a step of the transcript offers: Restore, Fork from here and the Edit … and fork buttons. */
import type { ForkPoint } from '../../shared/fork-point';
import type { PromptImage } from '../../shared/prompt-images';

/**
 * What `checkpoints` maps a call to once its checkpoint was pruned to save space (its tombstone,
 * see store/checkpoints.ts): its Restore says so instead of vanishing or failing.
 */
export const PRUNED_CHECKPOINT = 'pruned';

/**
 * A step's action (Fork from here, Edit … and fork). Its label is its accessible name and is drawn
 * by CSS (`attr(data-label)`), so it is not part of the message's text: what a person (or a
 * test) reads as the message stays exactly the message.
 */
export function ActionButton({ label, title, onClick }: { label: string; title: string; onClick: () => void }) {
  return <button type="button" className="link-button action-button" aria-label={label} data-label={label} title={title} onClick={onClick} />;
}

/** A final tool call's or a person message's Fork from here. */
/** `prompt`: at a person's message, its text, which goes back into the fork's prompt (and `images`, its attached images, into its attachments). */
export function ForkButton({ point, prompt, images, onFork, what }: { point: ForkPoint; prompt?: string; images?: readonly PromptImage[] | undefined; onFork: ForkAt; what: string }) {
  return <ActionButton label="Fork from here" title={`A new session from ${what}: the conversation and the files as they were then`} onClick={() => onFork(point, prompt, images)} />;
}

/** Fork from here at a step; `prompt` goes back into the fork's prompt (a person's message), `images` into its attachments. */
export type ForkAt = (point: ForkPoint, prompt?: string, images?: readonly PromptImage[]) => void;

export const FINAL: ReadonlySet<string> = new Set(['success', 'error', 'cancelled']);

/** Restore, or, when a checkpoint it needs was pruned, an unavailable control that says why. */
export function RestoreControl({ checkpointIds, onRestore, before }: { checkpointIds: string[]; onRestore: (checkpointIds: string[]) => void; before: string }) {
  if (checkpointIds.includes(PRUNED_CHECKPOINT)) {
    return (
      <button
        type="button"
        className="link-button"
        aria-disabled="true"
        title={`The files as they were before ${before} are gone: the checkpoint was pruned to save space (only recent ones are kept).`}
      >
        Restore unavailable: checkpoint pruned to save space
      </button>
    );
  }
  return (
    <button type="button" className="link-button" title={`Put the files back as they were before ${before}`} onClick={() => onRestore(checkpointIds)}>
      Restore
    </button>
  );
}
