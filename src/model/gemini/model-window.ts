/**
 * The models endpoint's word on a model's context window: `GET models/{model}` answers with its
 * `inputTokenLimit`. Asked once per model name by each adapter (a new adapter is made when the
 * settings change). An HTTP answer without a usable limit (a proxy without the route answers
 * 404) is remembered as "did not say"; a failure to reach the endpoint is asked again next time.
 */
import type { GoogleGenAI } from '@google/genai';

/** A models endpoint that does not answer within this long did not say. */
export const WINDOW_LOOKUP_TIMEOUT_MS = 10_000;

export interface WindowLookUp {
  /** What the endpoint said for `model`, once it answered. */
  known(model: string): number | undefined;
  lookUp(model: string): Promise<number | null>;
}

function modelKey(model: string): string {
  return model.trim().replace(/^models\//, '');
}

function answeredOverHttp(thrown: unknown): boolean {
  return typeof thrown === 'object' && thrown !== null && typeof (thrown as { status?: unknown }).status === 'number';
}

export function createWindowLookUp(client: () => GoogleGenAI, timeoutMs = WINDOW_LOOKUP_TIMEOUT_MS): WindowLookUp {
  const answers = new Map<string, Promise<number | null>>();
  const limits = new Map<string, number>();

  async function ask(key: string): Promise<number | null> {
    try {
      const info = await client().models.get({ model: key, config: { abortSignal: AbortSignal.timeout(timeoutMs) } });
      const limit = info.inputTokenLimit;
      if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit <= 0) return null;
      limits.set(key, limit);
      return limit;
    } catch (thrown) {
      if (!answeredOverHttp(thrown)) answers.delete(key);
      return null;
    }
  }

  return {
    known: (model) => limits.get(modelKey(model)),
    lookUp(model) {
      const key = modelKey(model);
      if (!key) return Promise.resolve(null);
      let answer = answers.get(key);
      if (!answer) {
        answer = ask(key);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}
