/** A replay plays a message with the images attached to it (replay-plan.ts), steering messages too. */
import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { promptImageParts } from '../shared/prompt-images';
import { recordedSteering } from '../worker/share/replay-steering';
import { replayPlan } from './replay-plan';

const shot = { name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' };
const model = (text: string): Content => ({ role: 'model', parts: [{ text }] });

describe('replaying messages with images', () => {
  it('a message with images is a prompt of its own, played with its text and its images', () => {
    const plan = replayPlan([
      { role: 'user', parts: [{ text: 'first' }] },
      model('ok'),
      { role: 'user', parts: [{ text: 'what is this?' }, ...promptImageParts([shot])] },
      model('a square'),
    ]);
    expect(plan.steps).toEqual([
      { text: 'first', responses: [model('ok')], steering: [] },
      { text: 'what is this?', images: [shot], responses: [model('a square')], steering: [] },
    ]);
  });

  it('a steering message joins with its images', () => {
    const plan = replayPlan([
      { role: 'user', parts: [{ text: 'start' }] },
      model('working'),
      { role: 'user', parts: [{ text: 'like this' }, ...promptImageParts([shot])], steering: true },
      model('done'),
    ]);
    expect(plan.steps[0]!.steering).toEqual([{ after: 1, text: 'like this', images: [shot] }]);
    const inbox = recordedSteering(() => 1);
    inbox.load(plan.steps[0]!);
    expect(inbox.take()).toEqual([{ id: 'replay-steer-1', text: 'like this', images: [shot] }]);
  });
});
