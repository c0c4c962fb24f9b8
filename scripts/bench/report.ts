/**
 * The figures of the benchmarks in one shape, so `npm run bench` (scripts/bench/run-all.ts) can
 * gather them into one table. Each benchmark still prints its own report; besides, it calls
 * `reportFigure` for every figure worth a row. Run alone, nothing changes; under the runner (which
 * sets BENCH_RESULTS_FILE) each figure is appended to that file as one JSON line, and echoed as a
 * `BENCH-RESULT {json}` line for anyone reading the log.
 */
import { appendFileSync } from 'node:fs';

/** The environment variable naming the JSON-lines file the runner collects figures from. */
export const RESULTS_FILE_ENV = 'BENCH_RESULTS_FILE';

export interface FigureInput {
  /** The benchmark (its file name without .ts). */
  bench: string;
  /** The browser it was measured in, when it was measured in one. */
  browser?: 'chromium' | 'firefox';
  /** What was measured, in a few words. */
  name: string;
  value: number;
  /** 'ms', 'KB', 'requests', 'req/s', 'MB', 's', ... */
  unit: string;
  /** What the value is compared with, measured in the same run (a naive client, the site alone, ...). */
  baseline?: { name: string; value: number };
  /**
   * The budget of ARCHITECTURE.md this figure is held to, in its words ("≤ 45 KB"). With `max` the
   * figure passes when value ≤ max; otherwise `pass` says (budgets that are not one number).
   */
  budget?: { text: string; max?: number; pass?: boolean };
}

export interface Figure extends FigureInput {
  /** value / baseline.value (null without a baseline, or a zero baseline). */
  ratio: number | null;
  /** Within budget? null when the figure has no budget. */
  pass: boolean | null;
}

export function figure(input: FigureInput): Figure {
  const base = input.baseline?.value;
  const ratio = base === undefined || base === 0 ? null : input.value / base;
  const budget = input.budget;
  const pass =
    budget === undefined
      ? null
      : budget.max !== undefined
        ? input.value <= budget.max
        : (budget.pass ?? null);
  return { ...input, ratio, pass };
}

/** Records one figure for the runner (no-op beyond a log line when the benchmark runs alone). */
export function reportFigure(input: FigureInput): Figure {
  const result = figure(input);
  const file = process.env[RESULTS_FILE_ENV];
  if (file) {
    const line = JSON.stringify(result);
    appendFileSync(file, `${line}\n`);
    console.log(`BENCH-RESULT ${line}`);
  }
  return result;
}
