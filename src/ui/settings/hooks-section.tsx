/**
 * Settings → Hooks: two shell commands the person sets, run in the session's sandbox
 * (worker/session/person-hooks.ts says when). Kept on this device only: never in a link or a
 * session file.
 */
import type { SettingsRecord } from '../../store/types';

type HookFields = Pick<SettingsRecord, 'afterEditHook' | 'beforeStopHook'>;

/** What Save stores: trimmed; an emptied field is present as undefined, so the stored command goes. */
export function hooksToSave(draft: HookFields): HookFields {
  return { afterEditHook: draft.afterEditHook?.trim() || undefined, beforeStopHook: draft.beforeStopHook?.trim() || undefined };
}

export function HooksSection({ draft, update }: { draft: SettingsRecord; update: (patch: Partial<SettingsRecord>) => void }) {
  return (
    <>
      <label>
        After each edit run
        <input
          type="text"
          aria-label="After each edit run"
          aria-describedby="hooks-after-edit-hint"
          value={draft.afterEditHook ?? ''}
          placeholder="e.g. npx prettier --check ."
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => update({ afterEditHook: event.target.value })}
        />
      </label>
      <p className="field-hint" id="hooks-after-edit-hint">
        Runs at the workspace root after each successful write_file or edit; its exit code and output (the first and last 2 KB) are added to that call&apos;s result.
      </p>
      <label>
        Before stopping run
        <input
          type="text"
          aria-label="Before stopping run"
          aria-describedby="hooks-before-stop-hint"
          value={draft.beforeStopHook ?? ''}
          placeholder="e.g. npm test"
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => update({ beforeStopHook: event.target.value })}
        />
      </label>
      <p className="field-hint" id="hooks-before-stop-hint">
        Runs when the model ends with text. If it exits with an error, its output goes back to the model, which goes on: at most 3 times in a row.
      </p>
      <p className="field-hint">
        They run without asking, under the command time limit, but never in Plan (read-only) mode nor in a replay. They stay on this device: never in links or session
        files. The Loop inspector shows each run with its time and exit code.
      </p>
      <p className="field-hint" id="hooks-workspace-hint">
        What a command does is up to the workspace&apos;s files, which the agent changes: After each edit runs, for example, a test script as the agent last rewrote it, with no
        approval, and on WebContainer with network access.
      </p>
    </>
  );
}
