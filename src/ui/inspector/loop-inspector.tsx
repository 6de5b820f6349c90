/**
 * The Loop inspector: every interaction (a prompt and its continuations), its turns (one model
 * request, its retries, and the tool calls it asked for) and their round-trips, with the raw
 * request as sent and the raw response chunks as received, times, tokens and costs (each
 * round-trip's, each interaction's and the session's: inspector-cost.ts), each tool call's
 * status timeline, and where compression or a loop guard acted; `Export JSON` downloads all of
 * it. Raw JSON is rendered only when a round-trip is opened, so long sessions stay cheap.
 */
import { useMemo, useState } from 'react';
import type { WorkerClient } from '../../worker/client';
import type { ForkOrigin } from '../../shared/fork-point';
import { ForkEditDialog } from '../transcript/fork-edit-dialog';
import type { ForkEditRequest } from '../transcript/fork-edit-dialog';
import type { LoopscopeDb } from '../../store/read';
import { useModelPrices, useRoundTrips, useSession } from '../../store/read';
import type { RoundTripRecord } from '../../store/types';
import { exportFileName, inspectorExportJson } from './inspector-export';
import { groupRoundTrips, ownRoundTrips } from './inspector-model';
import { PricesContext, interactionRoundTrips, totalLine, totalOf } from './inspector-cost';
import type { PriceTables } from '../../shared/model-prices';
import { TurnView } from './inspector-turn';
import { LoopDiagram } from './loop-diagram';
import { LoopTimeline } from './loop-timeline';
import { useInspectorActions } from './use-inspector-actions';
import './inspector.css';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ExportButton({ roundTrips, sessionId, title, tables }: { roundTrips: readonly RoundTripRecord[]; sessionId: string; title: string | undefined; tables: PriceTables }) {
  return (
    <button
      type="button"
      onClick={() => download(exportFileName(title), inspectorExportJson(roundTrips, title === undefined ? { id: sessionId } : { id: sessionId, title }, Date.now(), tables))}
    >
      Export JSON
    </button>
  );
}

/** What this fork changed of what the model saw: the original and the edit, side by side. */
function ForkEditView({ edit }: { edit: NonNullable<ForkOrigin['edit']> }) {
  return (
    <section className="fork-edit-view" aria-label="Changed in this fork">
      <h3>Changed in this fork: {edit.kind === 'result' ? 'a tool result' : 'the model’s reply'}</h3>
      <div className="fork-edit-pair">
        <div>
          <h4>Original</h4>
          <pre aria-label="Original" tabIndex={0}>{edit.original}</pre>
        </div>
        <div>
          <h4>Edited</h4>
          <pre aria-label="Edited" tabIndex={0}>{edit.edited}</pre>
        </div>
      </div>
    </section>
  );
}

type InspectorView = 'list' | 'timeline' | 'diagram';

/** List (the numbers, turn by turn), Timeline (the same round-trips and calls on one time axis) or Diagram (the loop's states, how often each edge was taken). */
function ViewTabs({ view, onChange }: { view: InspectorView; onChange: (view: InspectorView) => void }) {
  const views = [
    { id: 'list', label: 'List' },
    { id: 'timeline', label: 'Timeline' },
    { id: 'diagram', label: 'Diagram' },
  ] as const;
  return (
    <div role="tablist" aria-label="Inspector views" className="inspector-views">
      {views.map((choice, index) => (
        <button
          key={choice.id}
          type="button"
          role="tab"
          aria-selected={view === choice.id}
          tabIndex={view === choice.id ? 0 : -1}
          onClick={() => onChange(choice.id)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            event.preventDefault();
            const next = views[(index + (event.key === 'ArrowRight' ? 1 : views.length - 1)) % views.length]!;
            onChange(next.id);
            const tabs = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]');
            tabs?.[views.indexOf(next)]?.focus();
          }}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

export function LoopInspector({ db, sessionId, client }: { db: LoopscopeDb; sessionId: string; client?: WorkerClient | undefined }) {
  const roundTrips = useRoundTrips(db, sessionId);
  const session = useSession(db, sessionId);
  const prices = useModelPrices(db);
  const recorded = session?.id === sessionId ? session.prices : undefined;
  const tables = useMemo<PriceTables>(() => ({ recorded, own: prices }), [recorded, prices]);
  const actions = useInspectorActions(client, sessionId);
  const [editing, setEditing] = useState<ForkEditRequest | null>(null);
  const [view, setView] = useState<InspectorView>('list');
  // A subagent's round-trips are not the session's: they take no number (notes and forks name the session's own).
  const ordinals = useMemo(() => new Map(ownRoundTrips(roundTrips ?? []).map((roundTrip, index) => [roundTrip.id, index + 1])), [roundTrips]);
  const notes = useMemo(
    () => ({
      ordinal: (roundTripId: string) => ordinals.get(roundTripId) ?? 0,
      notes: session?.id === sessionId ? session.notes : undefined,
      onSave: actions?.saveNote ?? null,
    }),
    [session, sessionId, actions, ordinals],
  );
  const interactions = useMemo(() => (roundTrips ? groupRoundTrips(roundTrips) : []), [roundTrips]);
  if (!roundTrips) return <p className="empty">Loading…</p>;
  // Before any record (a new session, a replay starting over) the Diagram can still be chosen: it lights the first steps before any is stored.
  if (roundTrips.length === 0 && view !== 'diagram') {
    return (
      <div className="loop-inspector">
        <div className="inspector-header">
          <ViewTabs view={view} onChange={setView} />
        </div>
        <p className="empty">No model calls yet. Each round-trip of the loop appears here with its raw request and response.</p>
      </div>
    );
  }
  const turns = interactions.reduce((sum, interaction) => sum + interaction.turns.length, 0);
  return (
    <PricesContext.Provider value={tables}>
    <div className="loop-inspector">
      <div className="inspector-header">
        <p className="inspector-totals">
          {interactions.length} interaction(s), {turns} turn(s), {ordinals.size} round-trip(s)
          {ordinals.size < roundTrips.length ? `, ${roundTrips.length - ordinals.size} by subagents` : ''}
        </p>
        <ViewTabs view={view} onChange={setView} />
        <ExportButton roundTrips={roundTrips} sessionId={sessionId} title={session?.title} tables={tables} />
        <p className="inspector-cost">
          {totalLine('Session cost', totalOf(roundTrips, tables))} · {recorded ? 'at the prices it was shared with' : 'at the prices of Settings → Model'}
        </p>
      </div>
      {session?.forkedFrom?.edit ? <ForkEditView edit={session.forkedFrom.edit} /> : null}
      {editing && actions ? <ForkEditDialog onFork={actions.fork} request={editing} onClose={() => setEditing(null)} /> : null}
      <div role="tabpanel" aria-label={view === 'timeline' ? 'Timeline view' : view === 'diagram' ? 'Diagram view' : 'List view'}>
      {view === 'timeline' ? <LoopTimeline roundTrips={roundTrips} /> : null}
      {view === 'diagram' ? <LoopDiagram roundTrips={roundTrips} sessionId={sessionId} client={client} /> : null}
      {view === 'list' && interactions.map((interaction, index) => {
        let number = 1;
        return (
          <section key={interaction.id} aria-label={`Interaction ${index + 1}`}>
            <h3>
              Interaction {index + 1} · {interaction.turns.length} turn(s) · {interaction.roundTrips} round-trip(s)
            </h3>
            <p className="interaction-cost">{totalLine('Interaction cost', totalOf(interactionRoundTrips(interaction), tables))}</p>
            <ol className="turns">
              {interaction.turns.map((turn, position) => {
                const firstNumber = number;
                number += turn.attempts.length;
                return <TurnView key={turn.id} turn={turn} index={position} firstNumber={firstNumber} onEditFork={actions ? setEditing : null} notes={notes} />;
              })}
            </ol>
          </section>
        );
      })}
      </div>
    </div>
    </PricesContext.Provider>
  );
}
