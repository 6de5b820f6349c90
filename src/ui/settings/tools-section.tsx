/** Settings → Tools and servers: what the agent's tools may reach beyond the workspace. */
import type { SettingsRecord } from '../../store/types';
import { COMMAND_TIME_LIMIT_DEFAULT_SECONDS, COMMAND_TIME_LIMIT_MAX_SECONDS, COMMAND_TIME_LIMIT_MIN_SECONDS } from '../../shared/limits';
import { McpServers } from './mcp-servers';
import type { ConnectMcp } from './mcp-servers';
import { WholeNumberField, wholeNumberProblem } from './whole-number-field';
import type { WholeNumberSpec } from './whole-number-field';

const timeLimit: WholeNumberSpec = {
  label: 'Command time limit (seconds)',
  what: 'The command time limit',
  unit: 'seconds',
  min: COMMAND_TIME_LIMIT_MIN_SECONDS,
  max: COMMAND_TIME_LIMIT_MAX_SECONDS,
};

/** Why the section cannot be saved as it is, or null. */
export function toolsProblem(draft: SettingsRecord): string | null {
  return wholeNumberProblem(draft.commandTimeLimitSeconds, timeLimit);
}

export function ToolsSection({ draft, update, connectMcp }: { draft: SettingsRecord; update: (patch: Partial<SettingsRecord>) => void; connectMcp?: ConnectMcp | undefined }) {
  return (
    <>
      <WholeNumberField
        spec={timeLimit}
        value={draft.commandTimeLimitSeconds}
        onChange={(commandTimeLimitSeconds) => update({ commandTimeLimitSeconds })}
        placeholder={`Empty: ${COMMAND_TIME_LIMIT_DEFAULT_SECONDS}`}
        hint="run_shell_command stops a command that runs longer (a script in an endless loop, a server started without is_background) and tells the agent so. Applies from the next command."
      />
      <McpServers servers={draft.mcpServers ?? []} onChange={(mcpServers) => update({ mcpServers })} {...(connectMcp ? { connect: connectMcp } : {})} />
      <label className="checkbox">
        <input type="checkbox" checked={draft.webFetchLocalAddresses === true} onChange={(event) => update({ webFetchLocalAddresses: event.target.checked })} />
        Allow web_fetch to local addresses
      </label>
      <p className="field-hint">
        Off: web_fetch refuses localhost and private networks (10.x, 172.16–31.x, 192.168.x, 169.254.x, fc00::/7) before anything is sent. Tick it to read a documentation
        server on this machine or your network.
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={draft.geminiUrlContext === true} onChange={(event) => update({ geminiUrlContext: event.target.checked })} />
        Let Gemini read web pages itself (URL context)
      </label>
      <p className="field-hint">
        Gemini 3 models only, with the Gemini provider. Gemini then fetches pages on Google&apos;s servers without asking first, in every approval mode: it reaches pages web_fetch
        cannot (no CORS needed), but no approval card is shown, only a line saying what it read. A file or page that tells it to read an address can make it send what the
        chat holds to that address. Other models ignore it.
      </p>
    </>
  );
}
