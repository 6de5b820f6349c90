/** The person's settings, as stored (one record); the UI may import this file. */
import type { ApprovalMode } from '../agent/types';
import type { McpServerSetting } from '../shared/mcp';
import type { ModelPrices } from '../shared/model-prices';

export interface SettingsRecord {
  provider: 'gemini' | 'openai' | 'scripted';
  /** Gemini's key. Stored only when rememberKey is true (reliability rule 9); otherwise held in memory by the UI. */
  apiKey?: string;
  /** Both keys: remember them on this device. */
  rememberKey: boolean;
  /** Gemini's model and API base URL (empty: Google's). */
  model: string;
  baseUrl: string;
  /**
   * The OpenAI-compatible server: its base URL up to `/v1`, model and optional key (kept like
   * Gemini's). Apart from Gemini's, so that switching providers never sends one provider's
   * key or model name to the other. Settings stored before these existed read them from
   * DEFAULT_SETTINGS.
   */
  openaiBaseUrl: string;
  openaiModel: string;
  openaiApiKey?: string;
  /**
   * The context window (tokens) of a model that neither the provider nor Loopscope's table
   * knows; absent: the provider's default (Gemini 128K, OpenAI-compatible 32K).
   */
  unknownModelContextWindow?: number;
  /**
   * Settings → Model: the person's prices (US dollars per million tokens) by model name, where
   * they differ from Loopscope's defaults (shared/model-prices.ts); absent: the defaults only.
   */
  modelPrices?: ModelPrices;
  approvalMode: ApprovalMode;
  stepThrough: boolean;
  loopHeuristics: boolean;
  nextSpeakerCheck: boolean;
  /** A GitHub token (imports of private repositories, pushes): stored only when rememberKey is true, like the model keys. */
  githubToken?: string;
  /** GitHub's REST API: empty for https://api.github.com; GitHub Enterprise: https://HOST/api/v3. */
  githubApiUrl: string;
  /** web_fetch may read local and private addresses (localhost, 10/8, 192.168/16…): off unless ticked. Older records read false. */
  webFetchLocalAddresses?: boolean;
  /** run_shell_command's time limit for a foreground command (seconds); absent: 120 (shared/limits.ts). */
  commandTimeLimitSeconds?: number;
  /**
   * Settings → Hooks: shell commands the person set, run in the session's sandbox after each successful edit and when the
   * model ends with text (worker/session/person-hooks.ts). Kept on this device only: never in links, session files or notes.
   */
  afterEditHook?: string;
  beforeStopHook?: string;
  /** Gemini 3 models may also read web pages on Google's servers (its URL context tool): off unless ticked. */
  geminiUrlContext?: boolean;
  /** Remote MCP servers (Streamable HTTP); their tokens are stored only when rememberKey is true. Never in links or session files. */
  mcpServers?: McpServerSetting[];
  /** Settings → Send traces to: an OTLP/HTTP JSON traces endpoint each finished interaction is posted to; absent or empty: none. */
  traceEndpoint?: string;
  /** Its headers (`name=value, …`, shared/traces.ts); they often hold a key, so they are stored only when rememberKey is true. */
  traceHeaders?: string;
  /** Sent traces hold the messages (requests, replies, tool arguments and results); off unless ticked. */
  traceMessages?: boolean;
  /** The page's look: System follows the OS's prefers-color-scheme. Older records read System. */
  theme: 'system' | 'dark' | 'light';
  lastSessionId?: string;
}

export const DEFAULT_SETTINGS: Readonly<SettingsRecord> = Object.freeze({
  provider: 'scripted',
  rememberKey: false,
  model: 'gemini-2.5-flash',
  baseUrl: '',
  openaiBaseUrl: 'http://localhost:11434/v1',
  openaiModel: '',
  githubApiUrl: '',
  approvalMode: 'ask',
  stepThrough: false,
  loopHeuristics: false,
  nextSpeakerCheck: false,
  theme: 'system',
});
