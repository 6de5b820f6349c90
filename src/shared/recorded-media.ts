/**
 * A recorded tool result's media (a preview screenshot: the `functionResponse.parts` of its
 * history entry), carried with the recorded response a replay's stand-in answers with
 * (share/replay-plan.ts → tools/recorded-tool.ts). It rides under a symbol key: out of JSON's
 * sight, so comparing a replayed result with the recorded one, and what goes to the model as the
 * response, stay as they were; and no key of a tool's own response can collide with it.
 */
import type { InlineData, Part } from './content';

const RECORDED_MEDIA = Symbol.for('loopscope.recorded-media');

type WithMedia = Record<string, unknown> & { [RECORDED_MEDIA]?: readonly InlineData[] };

/** `response`, with the images among `parts` kept beside it (the same object when there are none). */
export function withRecordedMedia(response: Record<string, unknown>, parts: readonly Part[] | undefined): Record<string, unknown> {
  const images = (parts ?? []).flatMap((part) => (part.inlineData?.mimeType.startsWith('image/') ? [part.inlineData] : []));
  return images.length === 0 ? response : ({ ...response, [RECORDED_MEDIA]: images } as WithMedia);
}

/** The images a recorded response carries (withRecordedMedia), else none. */
export function recordedMedia(response: Record<string, unknown>): readonly InlineData[] {
  return (response as WithMedia)[RECORDED_MEDIA] ?? [];
}
