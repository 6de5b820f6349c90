/**
 * Context windows (input tokens) of models people reach through OpenAI-compatible servers.
 * The server does not say, so this is a table by name; an unknown model gets the window set in
 * Settings, else 32K, so that compression starts early rather than the server answering "too
 * long" (local servers often run with a small context: Ollama's default is a few thousand
 * tokens unless raised).
 */
const WINDOWS: ReadonlyArray<readonly [RegExp, number]> = [
  [/gpt-4\.1/, 1_047_576],
  [/gpt-5/, 400_000],
  [/gpt-4o|o1|o3|o4/, 128_000],
  [/claude/, 200_000],
  [/gemini/, 1_048_576],
  [/deepseek/, 128_000],
  [/qwen2\.5-coder|qwen3|qwen-?2\.5/, 32_768],
  [/llama-?3\.[1-3]|llama3\.[1-3]/, 131_072],
  [/mistral|mixtral|codestral/, 32_768],
];

export const DEFAULT_OPENAI_TOKEN_LIMIT = 32_768;

/** The table's window for `model`, or undefined when it does not know the name. */
export function knownOpenAiTokenLimit(model: string): number | undefined {
  const name = model.toLowerCase();
  return WINDOWS.find(([pattern]) => pattern.test(name))?.[1];
}

export function openAiTokenLimit(model: string): number {
  return knownOpenAiTokenLimit(model) ?? DEFAULT_OPENAI_TOKEN_LIMIT;
}
