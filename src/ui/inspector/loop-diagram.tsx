/**
 * The Loop inspector's Diagram (issue 39): the loop drawn as states and edges, each edge with
 * the number of times the session took it, the state the loop is in now lit (live during a run,
 * following a replay's steps and Step through's pauses), and the marks (retries, compression,
 * loop guards) as their own boxes. The drawing is for the eye (a projector at 1280×720: large
 * type, theme colours); the list `Loop states` beside it says the same for a keyboard and a
 * screen reader, its current item marked `aria-current="step"`. Model data never reaches it:
 * only state names and counts.
 */
import { useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { RoundTripRecord } from '../../store/types';
import type { WorkerClient } from '../../worker/client';
import { LOOP_MARKS, LOOP_STATES, currentNode, edgeKey, loopCounts, nodeName } from './loop-diagram-model';
import type { EndReason, LoopCounts, LoopMark, LoopNode, LoopState } from './loop-diagram-model';
import { useLiveLoop } from './use-live-loop';
import './loop-diagram.css';

const WIDTH = 190;
const HEIGHT = 72;
/** Centres, in the drawing's own units (viewBox 1220 × 700). */
const AT: Record<LoopNode, { x: number; y: number }> = {
  prompt: { x: 100, y: 90 },
  model_request: { x: 370, y: 90 },
  streaming: { x: 640, y: 90 },
  end: { x: 1090, y: 90 },
  validating: { x: 150, y: 370 },
  awaiting_approval: { x: 400, y: 280 },
  scheduled: { x: 630, y: 370 },
  executing: { x: 860, y: 370 },
  success: { x: 1095, y: 270 },
  error: { x: 1095, y: 380 },
  cancelled: { x: 1095, y: 490 },
  retry: { x: 200, y: 640 },
  compression: { x: 600, y: 640 },
  loop_guard: { x: 1000, y: 640 },
};
const BATCH = { x: 30, y: 200, width: 1180, height: 350 };

type Edge = { from: LoopState; to: LoopState; via?: { x: number; y: number } };
/** The edges drawn one by one; a result's edge to the next request or to the end is drawn once, from the batch. */
const EDGES: Edge[] = [
  { from: 'prompt', to: 'model_request' },
  { from: 'model_request', to: 'streaming' },
  { from: 'streaming', to: 'end' },
  { from: 'model_request', to: 'end', via: { x: 730, y: -30 } },
  { from: 'streaming', to: 'validating', via: { x: 200, y: 160 } },
  { from: 'validating', to: 'awaiting_approval' },
  { from: 'validating', to: 'scheduled' },
  { from: 'awaiting_approval', to: 'scheduled' },
  { from: 'scheduled', to: 'executing' },
  { from: 'executing', to: 'success' },
  { from: 'executing', to: 'error' },
  { from: 'executing', to: 'cancelled' },
  { from: 'awaiting_approval', to: 'cancelled', via: { x: 560, y: 520 } },
  { from: 'scheduled', to: 'cancelled', via: { x: 800, y: 500 } },
  { from: 'validating', to: 'error', via: { x: 560, y: 620 } },
];
const RESULTS: LoopState[] = ['success', 'error', 'cancelled'];
const NEXT_REQUEST = { from: { x: 1010, y: 200 }, via: { x: 600, y: 170 }, to: { x: 410, y: 126 } };
const BATCH_END = { from: { x: 1160, y: 200 }, to: { x: 1160, y: 126 } };

const END_REASONS: Record<EndReason, string> = {
  completed: 'completed',
  cancelled: 'cancelled',
  error: 'an error',
  loop_detected: 'a loop guard',
  stopped: 'stopped',
  overflow: 'context overflow',
};

/** Where the segment from a box's centre towards `toward` leaves the box. */
function border(node: LoopNode, toward: { x: number; y: number }): { x: number; y: number } {
  const centre = AT[node];
  const dx = toward.x - centre.x;
  const dy = toward.y - centre.y;
  const scale = Math.min(dx === 0 ? Infinity : WIDTH / 2 / Math.abs(dx), dy === 0 ? Infinity : HEIGHT / 2 / Math.abs(dy));
  return { x: centre.x + dx * scale, y: centre.y + dy * scale };
}

function EdgePath({ from, via, to, count, id, arrowId }: { from: { x: number; y: number }; via?: { x: number; y: number } | undefined; to: { x: number; y: number }; count: number; id: string; arrowId: string }) {
  const control = via ?? { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  // The count sits beside the curve's middle, off the line (18 units along its normal), so a short edge's arrow stays clear.
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const label = { x: 0.25 * from.x + 0.5 * control.x + 0.25 * to.x + (18 * (to.y - from.y)) / length, y: 0.25 * from.y + 0.5 * control.y + 0.25 * to.y - (18 * (to.x - from.x)) / length };
  return (
    <g className={`diagram-edge${count > 0 ? ' taken' : ''}`} data-edge={id}>
      <path d={`M ${from.x} ${from.y} Q ${control.x} ${control.y} ${to.x} ${to.y}`} markerEnd={`url(#${arrowId})`} />
      <text x={label.x} y={label.y} className="edge-count" textAnchor="middle" dominantBaseline="middle">
        ×{count}
      </text>
    </g>
  );
}

/** Long names take two lines, so the boxes stay narrow enough for the pane. */
const LINES: Partial<Record<LoopNode, [string, string]>> = { model_request: ['Model', 'request'], awaiting_approval: ['Awaiting', 'approval'] };

function Box({ node, count, lit, note }: { node: LoopNode; count: number; lit: boolean; note?: string | undefined }) {
  const { x, y } = AT[node];
  const mark = (LOOP_MARKS as readonly string[]).includes(node);
  const width = mark ? 300 : WIDTH;
  const lines = mark ? [`${nodeName(node)} ×${count}`] : (LINES[node] ?? [nodeName(node)]);
  const rows = note ? [...lines, note] : lines;
  const top = y - ((rows.length - 1) * 26) / 2;
  return (
    <g className={`diagram-node${mark ? ' mark' : ''}${lit ? ' lit' : ''}${count > 0 ? ' visited' : ''}`} data-node={node}>
      <rect x={x - width / 2} y={y - HEIGHT / 2} width={width} height={HEIGHT} rx={mark ? HEIGHT / 2 : 10} />
      {rows.map((row, index) => (
        <text key={index} x={x} y={top + index * 26} textAnchor="middle" dominantBaseline="middle" className={note && index === rows.length - 1 ? 'node-note' : 'node-name'}>
          {row}
        </text>
      ))}
      {mark ? null : (
        <g className="node-count">
          <rect x={x + width / 2 - 44} y={y - HEIGHT / 2 - 18} width={56} height={32} rx={16} />
          <text x={x + width / 2 - 16} y={y - HEIGHT / 2 - 2} textAnchor="middle" dominantBaseline="middle">
            ×{count}
          </text>
        </g>
      )}
    </g>
  );
}

function resultsTo(counts: LoopCounts, to: LoopState): number {
  return RESULTS.reduce((sum, result) => sum + (counts.edges.get(edgeKey(result, to)) ?? 0), 0);
}

/** One item of `Loop states`: the state, the times the session entered it, and where it went from there. */
function itemText(node: LoopNode, counts: LoopCounts, endReason: EndReason | null): string {
  const mark = (LOOP_MARKS as readonly string[]).includes(node);
  const times = mark ? counts.marks[node as LoopMark] : counts.states[node as LoopState];
  const head = `${nodeName(node)}${mark ? ' (mark)' : ''}: ${times} time${times === 1 ? '' : 's'}`;
  if (mark) return head;
  if (node === 'end') return endReason ? `${head}, last by ${END_REASONS[endReason]}` : head;
  const onward = LOOP_STATES.map((to) => ({ to, times: counts.edges.get(edgeKey(node as LoopState, to)) ?? 0 })).filter((edge) => edge.times > 0);
  return onward.length === 0 ? head : `${head}; then ${onward.map((edge) => `${nodeName(edge.to)} ${edge.times}`).join(', ')}`;
}

export function LoopDiagram({ roundTrips, sessionId, client }: { roundTrips: readonly RoundTripRecord[]; sessionId: string; client?: WorkerClient | undefined }) {
  const live = useLiveLoop(client, sessionId);
  const counts = useMemo(() => loopCounts(roundTrips, live.running), [roundTrips, live.running]);
  const current = currentNode(live, counts);
  const endReason = live.ended ?? counts.lastEnd;
  const nodes: LoopNode[] = [...LOOP_STATES, ...LOOP_MARKS];
  // One diagram's arrowhead is its own: two diagrams on a page (the inspector's, a player's) never share an id.
  const arrowId = `diagram-arrow-${useId().replace(/[^\w-]/g, '')}`;
  // The list is one Tab stop (roving focus): the item focused last, else the lit one; arrows, Home and End move.
  const [focused, setFocused] = useState<LoopNode | null>(null);
  const tabStop = focused ?? current ?? nodes[0]!;
  const move = (event: KeyboardEvent<HTMLOListElement>) => {
    const index = nodes.indexOf(tabStop);
    const next = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1, Home: 0, End: nodes.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const node = nodes[Math.max(0, Math.min(nodes.length - 1, next))]!;
    setFocused(node);
    event.currentTarget.querySelector<HTMLElement>(`[data-node="${node}"]`)?.focus();
  };
  return (
    <div className="loop-diagram">
      {/* Said aloud when a step-through pauses or the run ends; a running loop moves too fast to be read out. */}
      <p className="diagram-now" aria-live={live.pause || !live.running ? 'polite' : 'off'}>
        Now: <strong>{current ? nodeName(current) : 'not started'}</strong>
        {live.pause ? ' (paused)' : ''}
      </p>
      <div className="diagram-body">
        <svg viewBox="-10 -40 1230 730" role="img" aria-label={`Loop diagram${current ? `, now at ${nodeName(current)}` : ''}`} className="diagram-drawing">
          <defs>
            <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className="diagram-arrowhead" />
            </marker>
          </defs>
          <rect className="diagram-batch" x={BATCH.x} y={BATCH.y} width={BATCH.width} height={BATCH.height} rx={14} />
          <text className="diagram-batch-name" x={BATCH.x + 14} y={BATCH.y + 26}>
            Tool batch (each call)
          </text>
          {EDGES.map((edge) => {
            const to = border(edge.to, edge.via ?? AT[edge.from]);
            const from = border(edge.from, edge.via ?? AT[edge.to]);
            const id = edgeKey(edge.from, edge.to);
            return <EdgePath key={id} id={id} arrowId={arrowId} from={from} via={edge.via} to={to} count={counts.edges.get(id) ?? 0} />;
          })}
          <EdgePath id="results>model_request" arrowId={arrowId} {...NEXT_REQUEST} count={resultsTo(counts, 'model_request')} />
          <EdgePath id="results>end" arrowId={arrowId} {...BATCH_END} count={resultsTo(counts, 'end')} />
          <text className="diagram-edge-name" x={NEXT_REQUEST.via.x + 60} y={NEXT_REQUEST.via.y + 40} textAnchor="middle">
            results → next request
          </text>
          {nodes.map((node) => (
            <Box
              key={node}
              node={node}
              lit={node === current}
              count={(LOOP_MARKS as readonly string[]).includes(node) ? counts.marks[node as LoopMark] : counts.states[node as LoopState]}
              note={node === 'end' && endReason ? END_REASONS[endReason] : undefined}
            />
          ))}
        </svg>
        <ol className="diagram-states" aria-label="Loop states" onKeyDown={move}>
          {nodes.map((node) => (
            <li
              key={node}
              data-node={node}
              tabIndex={node === tabStop ? 0 : -1}
              onFocus={() => setFocused(node)}
              aria-current={node === current ? 'step' : undefined}
              className={node === current ? 'lit' : undefined}
            >
              {itemText(node, counts, endReason)}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
