/**
 * A line chart of one count over the recorded days, drawn as SVG by hand (no charting library: the
 * whole chart is a polyline, its points and four labels, well under a kilobyte of code), and its
 * table equivalent for screen readers and the keyboard. Colours come from the popup's variables
 * (light and dark); right to left, time runs from right to left and the values sit on the right
 * (the SVG itself is laid out left to right, its anchors placed for either direction).
 */
import { formatNumber, uiLanguage } from '@/lib/i18n';
import { isoDate, type SeriesPoint } from '@/lib/project-history/project-history-model';

const WIDTH = 340;
const HEIGHT = 150;
/** Room for the values' labels on the side, and the dates' below. */
const SIDE = 40;
const TOP = 10;
const BOTTOM = 22;

/** A recorded day as the member's language writes a short date (days are calendar dates: UTC). */
export function shortDate(day: number): string {
  return new Date(`${isoDate(day)}T00:00:00Z`).toLocaleDateString(uiLanguage(), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function StatsChart({ points, label }: { points: readonly SeriesPoint[]; label: string }) {
  const rtl = document.documentElement.dir === 'rtl';
  const first = points[0]?.day ?? 0;
  const last = points.at(-1)?.day ?? 0;
  const values = points.map((point) => point.value);
  let low = Math.min(...values, Number.POSITIVE_INFINITY);
  let high = Math.max(...values, Number.NEGATIVE_INFINITY);
  if (!Number.isFinite(low)) [low, high] = [0, 1];
  if (low === high) [low, high] = [Math.max(0, low - 1), high + 1];
  const plotWidth = WIDTH - SIDE - 8;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const xOf = (day: number) => {
    const share = last === first ? 1 : (day - first) / (last - first);
    const x = SIDE + share * plotWidth;
    return rtl ? WIDTH - x : x;
  };
  const yOf = (value: number) => TOP + (1 - (value - low) / (high - low)) * plotHeight;
  const line = points.map((point) => `${xOf(point.day).toFixed(1)},${yOf(point.value).toFixed(1)}`).join(' ');
  const valueX = rtl ? WIDTH - SIDE + 4 : SIDE - 4;
  const valueAnchor = rtl ? 'start' : 'end';
  return (
    <svg
      class="ot-chart"
      data-testid="stats-chart"
      data-points={String(points.length)}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
    >
      <line class="ot-axis" x1={xOf(first)} x2={xOf(last)} y1={TOP + plotHeight} y2={TOP + plotHeight} />
      <text class="ot-label" x={valueX} y={TOP + 4} text-anchor={valueAnchor}>
        {formatNumber(high)}
      </text>
      <text class="ot-label" x={valueX} y={TOP + plotHeight} text-anchor={valueAnchor}>
        {formatNumber(low)}
      </text>
      {points.length > 0 && (
        <>
          <text
            class="ot-label"
            x={xOf(first)}
            y={HEIGHT - 4}
            text-anchor={points.length === 1 ? 'middle' : rtl ? 'end' : 'start'}
          >
            {shortDate(first)}
          </text>
          {points.length > 1 && (
            <text class="ot-label" x={xOf(last)} y={HEIGHT - 4} text-anchor={rtl ? 'start' : 'end'}>
              {shortDate(last)}
            </text>
          )}
        </>
      )}
      <polyline class="ot-line" points={line} />
      {points.map((point) => (
        <circle
          key={point.day}
          class="ot-point"
          data-point={isoDate(point.day)}
          data-value={String(point.value)}
          cx={xOf(point.day)}
          cy={yOf(point.value)}
          r={points.length > 60 ? 1.5 : 3}
        />
      ))}
    </svg>
  );
}

/** The chart's table equivalent: one row a day, oldest first, as the chart reads. */
export function StatsTable(props: {
  points: readonly SeriesPoint[];
  caption: string;
  dayHeading: string;
  valueHeading: string;
}) {
  return (
    <table class="ot-table" data-testid="stats-table">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.dayHeading}</th>
          <th scope="col">{props.valueHeading}</th>
        </tr>
      </thead>
      <tbody>
        {props.points.map((point) => (
          <tr key={point.day} data-day={isoDate(point.day)}>
            <th scope="row">{shortDate(point.day)}</th>
            <td data-value={String(point.value)}>{formatNumber(point.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
