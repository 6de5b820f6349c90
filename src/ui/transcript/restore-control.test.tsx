import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../agent/types';
import type { TranscriptItem } from '../agent/session-reducer';
import { Transcript } from './transcript';
import { PRUNED_CHECKPOINT } from './step-actions';

function toolItem(callId: string): TranscriptItem {
  const call: ToolCallView = { callId, name: 'write_file', args: {}, kind: 'edit', summary: `${callId}.ts`, status: 'success', index: 0 };
  return { type: 'tool', id: `item-${callId}`, call };
}

const items: TranscriptItem[] = [{ type: 'user', id: 'u1', text: 'edit two files' }, toolItem('old'), toolItem('new')];

function render(checkpoints: Map<string, string>): string {
  return renderToStaticMarkup(<Transcript items={items} onDisableLoopDetection={null} checkpoints={checkpoints} onRestore={() => undefined} />);
}

describe('Restore controls', () => {
  it('offer Restore on each call with a checkpoint and on the message they answered', () => {
    const html = render(new Map([['old', 'checkpoint-1'], ['new', 'checkpoint-2']]));
    expect(html.match(/>Restore</g)).toHaveLength(3);
    expect(html).not.toContain('pruned');
  });

  it('say the checkpoint was pruned to save space, on its call and on the message that needs it', () => {
    const html = render(new Map([['old', PRUNED_CHECKPOINT], ['new', 'checkpoint-2']]));
    // The newer call still restores; the older one and the message (which needs the older one) cannot.
    expect(html.match(/>Restore</g)).toHaveLength(1);
    expect(html.match(/aria-disabled="true"[^>]*>Restore unavailable: checkpoint pruned to save space</g)).toHaveLength(2);
  });
});
