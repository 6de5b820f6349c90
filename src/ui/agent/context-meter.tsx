/**
 * The context meter: the tokens of the last request against the model's window ("12k / 1M
 * tokens"), updated after every round-trip (the agent's `context_usage` event) and after a
 * compression (the compressed history's estimate). Hidden until a round-trip reported usage.
 */
import type { ContextUsage } from '../../agent/types';

/** Compact token counts: 950, 9.5k, 12k, 131k, 1M, 2.1M. */
export function formatTokens(tokens: number): string {
  const value = Math.max(0, Math.round(tokens));
  if (value < 1000) return String(value);
  if (value < 999_500) {
    const thousands = value / 1000;
    return `${thousands < 10 ? trimZero(thousands.toFixed(1)) : Math.round(thousands)}k`;
  }
  return `${trimZero((value / 1_000_000).toFixed(1))}M`;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

export interface MeterValue {
  /** aria-valuenow: the tokens, or the window when they exceed it (ARIA wants now ≤ max). */
  now: number;
  max: number;
  /** Whole percent of the window used (may exceed 100). */
  percent: number;
  /** Shown: "12k / 1M tokens". */
  text: string;
  /** aria-valuetext: the exact counts. */
  valueText: string;
  /** From half the window (where compression starts) `warn`, from 80% `full`. */
  level: 'ok' | 'warn' | 'full';
}

export function meterValue(usage: ContextUsage): MeterValue {
  const max = Math.max(1, Math.round(usage.tokenLimit));
  const tokens = Math.max(0, Math.round(usage.promptTokenCount));
  const percent = Math.round((tokens / max) * 100);
  return {
    now: Math.min(tokens, max),
    max,
    percent,
    text: `${formatTokens(tokens)} / ${formatTokens(max)} tokens`,
    valueText: `${tokens.toLocaleString('en')} of ${max.toLocaleString('en')} tokens (${percent}%)`,
    level: tokens >= max * 0.8 ? 'full' : tokens >= max * 0.5 ? 'warn' : 'ok',
  };
}

export function ContextMeter({ usage }: { usage: ContextUsage | null }) {
  if (!usage) return null;
  const value = meterValue(usage);
  return (
    <div
      className={`context-meter ${value.level}`}
      role="meter"
      aria-label="Context used"
      aria-valuemin={0}
      aria-valuemax={value.max}
      aria-valuenow={value.now}
      aria-valuetext={value.valueText}
      title={`The last request to ${usage.model} held ${value.valueText} of its context window.`}
    >
      <span className="context-meter-bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, value.percent)}%` }} />
      </span>
      <span className="context-meter-text">Context {value.text}</span>
    </div>
  );
}
