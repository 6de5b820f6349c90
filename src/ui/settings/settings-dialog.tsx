/**
 * Settings: provider; for Gemini its key (kept in memory unless the person opts in to
 * remembering it), model and API base URL; for an OpenAI-compatible server its base URL (with
 * presets), optional key (kept like Gemini's) and model. Nothing typed is lost on Cancel of a nested error: the draft
 * lives here until Save or Cancel. In sections (an index beside them jumps to each, Save and
 * Cancel stay in view): Model, Agent loop, Tools and servers, GitHub, Hooks, Traces, Appearance, and Storage: what the site stores
 * (navigator.storage, where the browser has it) and Free space, which prunes old checkpoints now.
 */
import { useState } from 'react';
import type React from 'react';
import { isThisComputer, plainHttpRefusal } from '../../shared/plain-http';
import type { SettingsRecord } from '../../store/types';
import type { WorkerResponse } from '../../worker/client';
import { StorageSection } from './storage-section';
import { ModalDialog } from '../modal-dialog';
import { ContextWindowField, contextWindowProblem } from './context-window-field';
import { ModelPriceFields, pricesProblem, pricesToSave } from './model-price-fields';
import { THEME_CHOICES, themeChoiceOf } from './theme';
import { HooksSection, hooksToSave } from './hooks-section';
import { ToolsSection, toolsProblem } from './tools-section';
import { TracesSection, tracesProblem } from './traces-section';
import { SecretField } from './secret-field';
import type { ConnectMcp } from './mcp-servers';

export interface SettingsDialogProps {
  settings: SettingsRecord;
  /** Applies and stores the settings; the dialog waits for it (Save is disabled meanwhile). */
  onSave: (settings: SettingsRecord) => Promise<void>;
  onClose: () => void;
  /** Sends the worker's `free-space` request; without it there is no Free space button. */
  freeSpace?: () => Promise<WorkerResponse<'free-space'>>;
  /** The field focused on opening (`/model`: Model); else the first one. */
  initialFocus?: 'model';
  /** Sends the worker's `mcp-connect` request (Settings → Tools and servers → Connect). */
  connectMcp?: ConnectMcp;
}

export function validBaseUrl(value: string, required: boolean): string | null {
  if (value.trim() === '') return required ? 'Enter the server\'s API base URL, e.g. http://localhost:11434/v1 for Ollama.' : null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The API base URL must start with https:// (or http:// for a server on this computer).';
    // The key and the conversation go there: plain http only to this computer (shared/plain-http.ts).
    const refused = plainHttpRefusal(url);
    return refused ? `API base URL: ${refused}` : null;
  } catch {
    return required ? 'The API base URL is not a valid URL, e.g. http://localhost:11434/v1' : 'The API base URL is not a valid URL, e.g. https://generativelanguage.googleapis.com';
  }
}

/** Empty (api.github.com) or an https address (GitHub Enterprise's is https://HOST/api/v3); http only on this machine, so the token never travels in the clear. */
function validGitHubApiUrl(value: string): string | null {
  if (value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:') return null;
    if (url.protocol === 'http:' && isThisComputer(url.hostname)) return null;
  } catch {
    // Said below.
  }
  return 'The GitHub API URL must be an https:// address, e.g. https://github.example.com/api/v3 (leave it empty for github.com).';
}

/** Base URLs of the usual OpenAI-compatible servers. */
export const OPENAI_PRESETS: ReadonlyArray<{ name: string; url: string }> = [
  { name: 'Ollama', url: 'http://localhost:11434/v1' },
  { name: 'LM Studio', url: 'http://localhost:1234/v1' },
  { name: 'OpenRouter', url: 'https://openrouter.ai/api/v1' },
];

interface FieldsProps {
  draft: SettingsRecord;
  update: (patch: Partial<SettingsRecord>) => void;
  urlError: string | null;
}

function UrlError({ urlError }: { urlError: string | null }) {
  return urlError ? (
    <p className="field-error" role="alert">
      {urlError}
    </p>
  ) : null;
}

function GeminiFields({ draft, update, urlError }: FieldsProps) {
  return (
    <>
      <SecretField label="Gemini API key" value={draft.apiKey ?? ''} onChange={(apiKey) => update({ apiKey })} placeholder="Paste a key from Google AI Studio" />
      {draft.provider === 'gemini' && !draft.apiKey ? <p className="field-hint">Gemini needs an API key; without one the scripted demo answers.</p> : null}
      <RememberKey draft={draft} update={update} />
      <label>
        Model
        <input type="text" aria-label="Model" value={draft.model} onChange={(event) => update({ model: event.target.value })} />
      </label>
      <label>
        API base URL
        <input
          type="text"
          aria-label="API base URL"
          value={draft.baseUrl}
          placeholder="Empty: Google's endpoint"
          aria-invalid={urlError ? true : undefined}
          onChange={(event) => update({ baseUrl: event.target.value })}
        />
      </label>
      <UrlError urlError={urlError} />
    </>
  );
}

function RememberKey({ draft, update }: Omit<FieldsProps, 'urlError'>) {
  return (
    <>
      <label className="checkbox">
        <input type="checkbox" checked={draft.rememberKey} onChange={(event) => update({ rememberKey: event.target.checked })} />
        Remember key on this device
      </label>
      <p className="field-hint">The key is sent only to the model endpoint. Unless remembered, it is forgotten when you close the tab.</p>
    </>
  );
}

function OpenAiFields({ draft, update, urlError }: FieldsProps) {
  return (
    <>
      <label>
        API base URL
        <input
          type="text"
          aria-label="API base URL"
          value={draft.openaiBaseUrl}
          placeholder="http://localhost:11434/v1"
          aria-invalid={urlError ? true : undefined}
          onChange={(event) => update({ openaiBaseUrl: event.target.value })}
        />
      </label>
      <div className="preset-buttons" role="group" aria-label="Server presets">
        {OPENAI_PRESETS.map((preset) => (
          <button key={preset.name} type="button" aria-pressed={draft.openaiBaseUrl.trim() === preset.url} onClick={() => update({ openaiBaseUrl: preset.url })}>
            {preset.name}
          </button>
        ))}
      </div>
      <UrlError urlError={urlError} />
      <p className="field-hint">A local server must allow this page&apos;s origin (CORS): see the README for Ollama and LM Studio.</p>
      <SecretField label="OpenAI-compatible API key" value={draft.openaiApiKey ?? ''} onChange={(openaiApiKey) => update({ openaiApiKey })} placeholder="Optional: local servers need none" />
      <RememberKey draft={draft} update={update} />
      <label>
        Model
        <input
          type="text"
          aria-label="Model"
          value={draft.openaiModel}
          placeholder="e.g. qwen2.5-coder"
          onChange={(event) => update({ openaiModel: event.target.value })}
        />
      </label>
      {draft.openaiModel.trim() === '' ? (
        <p className="field-hint">Enter the name the server knows the model by (Ollama: as in `ollama list`).</p>
      ) : null}
    </>
  );
}

/** What Save stores: trimmed, empty keys removed (a pasted key often brings a space or newline). */
export function settingsToSave(draft: SettingsRecord, previous: SettingsRecord): SettingsRecord {
  const saved: SettingsRecord = {
    ...draft,
    baseUrl: draft.baseUrl.trim(),
    model: draft.model.trim() || previous.model,
    openaiBaseUrl: draft.openaiBaseUrl.trim(),
    openaiModel: draft.openaiModel.trim(),
    // Present even when empty, so that saving an emptied field removes the stored value.
    unknownModelContextWindow: draft.unknownModelContextWindow,
    commandTimeLimitSeconds: draft.commandTimeLimitSeconds,
  };
  // An emptied key is present as undefined, so that applying the change over the settings in
  // memory (use-settings-state.ts) removes it there, in the worker and in storage too.
  saved.apiKey = draft.apiKey?.trim() || undefined;
  saved.openaiApiKey = draft.openaiApiKey?.trim() || undefined;
  saved.githubToken = draft.githubToken?.trim() || undefined;
  saved.githubApiUrl = (draft.githubApiUrl ?? '').trim();
  saved.traceEndpoint = draft.traceEndpoint?.trim() || undefined;
  saved.traceHeaders = draft.traceHeaders?.trim() || undefined;
  Object.assign(saved, hooksToSave(draft));
  // Present even when none differ from the defaults, so that the stored ones go.
  saved.modelPrices = pricesToSave(draft.modelPrices);
  // An MCP server left without a name or URL is not kept.
  saved.mcpServers = (draft.mcpServers ?? [])
    .map((server) => ({ ...server, name: server.name.trim(), url: server.url.trim() }))
    .filter((server) => server.name !== '' && server.url !== '');
  return saved;
}

export function SettingsDialog({ settings, onSave, onClose, freeSpace, initialFocus, connectMcp }: SettingsDialogProps) {
  const [draft, setDraft] = useState<SettingsRecord>(settings);
  const [saving, setSaving] = useState(false);
  const openai = draft.provider === 'openai';
  const urlError = openai ? validBaseUrl(draft.openaiBaseUrl, true) : validBaseUrl(draft.baseUrl, false);
  const gitHubUrlError = validGitHubApiUrl(draft.githubApiUrl ?? '');
  const invalid = !!urlError || !!gitHubUrlError || contextWindowProblem(draft.unknownModelContextWindow) !== null || pricesProblem(draft.modelPrices) !== null || tracesProblem(draft) !== null || toolsProblem(draft) !== null;

  const update = (patch: Partial<SettingsRecord>) => setDraft((current) => ({ ...current, ...patch }));
  const save = () => {
    if (invalid || saving) return;
    setSaving(true);
    const saved = settingsToSave(draft, settings);
    void onSave(saved).finally(() => setSaving(false));
  };

  return (
    <ModalDialog title="Settings" onClose={onClose} initialFocus={initialFocus === 'model' ? 'input[aria-label="Model"]' : 'select, input'}>
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <SectionIndex />
        <div className="settings-sections">
          <SettingsSection id="model" title="Model">
            <label>
              Provider
              <select aria-label="Provider" value={draft.provider} onChange={(event) => update({ provider: event.target.value as SettingsRecord['provider'] })}>
                <option value="gemini">Gemini</option>
                <option value="openai">OpenAI-compatible</option>
                <option value="scripted">Scripted demo</option>
              </select>
            </label>
            {openai ? <OpenAiFields draft={draft} update={update} urlError={urlError} /> : <GeminiFields draft={draft} update={update} urlError={urlError} />}
            <ContextWindowField value={draft.unknownModelContextWindow} onChange={(value) => update({ unknownModelContextWindow: value })} />
            <ModelPriceFields model={openai ? draft.openaiModel : draft.model} prices={draft.modelPrices} onChange={(modelPrices) => update({ modelPrices })} />
          </SettingsSection>
          <SettingsSection id="loop" title="Agent loop">
            <label className="checkbox">
              <input type="checkbox" checked={draft.loopHeuristics} onChange={(event) => update({ loopHeuristics: event.target.checked })} />
              Heuristic loop checks
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={draft.nextSpeakerCheck} onChange={(event) => update({ nextSpeakerCheck: event.target.checked })} />
              Next-speaker check (an extra, visible model call)
            </label>
          </SettingsSection>
          <SettingsSection id="tools" title="Tools and servers">
            <ToolsSection draft={draft} update={update} connectMcp={connectMcp} />
          </SettingsSection>
          <SettingsSection id="github" title="GitHub">
            <SecretField label="GitHub token" value={draft.githubToken ?? ''} onChange={(githubToken) => update({ githubToken })} placeholder="Optional: public repositories need none" />
            <p className="field-hint">
              Sent only to the GitHub API, never in links or session files; kept on this device only when Remember key on this device (Model) is ticked. A fine-grained token
              with Contents read access imports private repositories.
            </p>
            <label>
              GitHub API URL
              <input
                type="url"
                aria-label="GitHub API URL"
                value={draft.githubApiUrl ?? ''}
                placeholder="https://api.github.com"
                spellCheck={false}
                onChange={(event) => update({ githubApiUrl: event.target.value })}
              />
            </label>
            <UrlError urlError={gitHubUrlError} />
          </SettingsSection>
          <SettingsSection id="hooks" title="Hooks">
            <HooksSection draft={draft} update={update} />
          </SettingsSection>
          <SettingsSection id="traces" title="Traces">
            <TracesSection draft={draft} update={update} />
          </SettingsSection>
          <SettingsSection id="appearance" title="Appearance">
            <label>
              Theme
              <select aria-label="Theme" value={themeChoiceOf(draft.theme)} onChange={(event) => update({ theme: themeChoiceOf(event.target.value) })}>
                {THEME_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
          </SettingsSection>
          <SettingsSection id="storage" title="Storage">
            <StorageSection freeSpace={freeSpace} />
          </SettingsSection>
        </div>
        <div className="dialog-actions">
          <button type="submit" disabled={invalid || saving} aria-busy={saving}>
            Save
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The sections of Settings, in order: the index beside them and the sections themselves follow it. */
const SECTIONS = [
  { id: 'model', title: 'Model' },
  { id: 'loop', title: 'Agent loop' },
  { id: 'tools', title: 'Tools and servers' },
  { id: 'github', title: 'GitHub' },
  { id: 'hooks', title: 'Hooks' },
  { id: 'traces', title: 'Traces' },
  { id: 'appearance', title: 'Appearance' },
  { id: 'storage', title: 'Storage' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

const sectionDomId = (id: SectionId) => `settings-${id}`;

/** Jumps to a section: its heading scrolls into view and takes the focus, so Tab goes on inside it. */
function SectionIndex() {
  return (
    <nav className="settings-index" aria-label="Settings sections">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <button
              type="button"
              onClick={() => {
                const heading = document.getElementById(`${sectionDomId(section.id)}-title`);
                heading?.scrollIntoView({ block: 'start' });
                heading?.focus();
              }}
            >
              {section.title}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SettingsSection({ id, title, children }: { id: SectionId; title: string; children: React.ReactNode }) {
  const domId = sectionDomId(id);
  return (
    <section className="settings-section" id={domId} aria-labelledby={`${domId}-title`}>
      <h3 id={`${domId}-title`} tabIndex={-1}>
        {title}
      </h3>
      {children}
    </section>
  );
}
