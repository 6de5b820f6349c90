/** The counts of a fault suite as a plain-text table, one row per fault kind and a total. */
import type { FaultRunReport } from './fault-run';

const COLUMNS = ['fault kind', 'runs', 'requests', 'pairing', 'after Stop', 'not clear', 'uncaught', 'next message', 'kind checks', 'outcomes', 'ms/run'] as const;

function row(kind: string, reports: readonly FaultRunReport[]): string[] {
  const sum = (count: (report: FaultRunReport) => number) => reports.reduce((total, report) => total + count(report), 0);
  const outcomes = new Map<string, number>();
  for (const report of reports) outcomes.set(report.outcome, (outcomes.get(report.outcome) ?? 0) + 1);
  return [
    kind,
    String(reports.length),
    String(sum((report) => report.requests)),
    String(sum((report) => report.pairingViolations.length)),
    String(sum((report) => report.requestsAfterStop)),
    String(sum((report) => (report.unclear.length > 0 ? 1 : 0))),
    String(sum((report) => report.uncaught.length)),
    String(sum((report) => (report.followUpProblems.length > 0 ? 1 : 0))),
    String(sum((report) => (report.kindProblems.length > 0 ? 1 : 0))),
    [...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(', '),
    String(Math.round(sum((report) => report.ms) / Math.max(1, reports.length))),
  ];
}

export function faultTable(reports: readonly FaultRunReport[]): string {
  const kinds = [...new Set(reports.map((report) => report.kind))];
  const rows = [[...COLUMNS], ...kinds.map((kind) => row(kind, reports.filter((report) => report.kind === kind))), row('TOTAL', reports)];
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((cells) => cells[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
