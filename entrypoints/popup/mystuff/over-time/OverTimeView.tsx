/**
 * My Stuff's "Over time" view: the member's totals with their changes since yesterday and over 7 and
 * 30 days, a chart of a total (or of one project) over 30 or 90 days or the year with its table,
 * "This week"'s most gaining projects, and the member's data: download as CSV, forget. A chunk of
 * its own, loaded when the member opens it; the record is read before its first frame (`loadOverTime`).
 *
 * About the member's own progress, never a ranking against anyone: only their own projects, compared
 * with their own past.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Empty } from '@/components/Empty';
import { formatNumber, t, uiLanguage } from '@/lib/i18n';
import {
  CHART_RANGES,
  type ChartRange,
  COUNT_KINDS,
  type CountKind,
  emptyHistory,
  type MemberHistory,
  seriesWithin,
  type TotalSummary,
  topGainers,
  totalSummaries,
  totalsByDay,
} from '@/lib/project-history/project-history-model';
import { projectHistoryItem } from '@/lib/project-history/project-history-storage';
import { sendSurvivingRestart } from '@/lib/protocol/background-gone';
import type { SessionUser } from '@/lib/session/session-model';
import { sendMessage } from '../../background-messages';
import { markFirstItemPainted } from '../../first-item-mark';
import { primeStorageItems, useStorageItem } from '../../storage-hooks';
import { downloadCsv } from './download';
// The view's own styles, a file of their own loaded with the view (./view-stylesheet.ts).
import overTimeStyles from './over-time.css?url';
import { StatsChart, StatsTable } from './StatsChart';
import { loadStylesheet } from './view-stylesheet';

const KIND_WORDS = {
  loves: 'overTime.kinds.loves',
  favorites: 'overTime.kinds.favorites',
  views: 'overTime.kinds.views',
  remixes: 'overTime.kinds.remixes',
} as const;
const RANGE_WORDS = {
  30: 'overTime.ranges.month',
  90: 'overTime.ranges.quarter',
  365: 'overTime.ranges.year',
} as const;

/**
 * Performance mark of the frame that paints the view's chart from the stored record (timed from the
 * click that opened it, MyStuffTab.tsx's OVER_TIME_OPENED_MARK: scripts/bench/popup-over-time.ts).
 */
export const FIRST_OVER_TIME_MARK = 'companion:first-over-time-item';

/** A change with its sign (+3, −2, 0), in the member's language. */
const signed = (change: number) =>
  new Intl.NumberFormat(uiLanguage(), { signDisplay: 'exceptZero' }).format(change);

/** The view's chunk, with the record read first: its first frame shows what is stored. */
export async function loadOverTime() {
  await Promise.all([primeStorageItems([projectHistoryItem]), loadStylesheet(overTimeStyles)]);
  return OverTimeView;
}

/** This member's record only: another member's is never handed out. */
function useMemberHistory(username: string): MemberHistory {
  const cache = useStorageItem(projectHistoryItem);
  const history = Object.hasOwn(cache, username) ? cache[username] : undefined;
  const empty = useMemo(() => emptyHistory(username), [username]);
  return history !== undefined && history.username === username ? history : empty;
}

function Total({ total, chosen, onChoose }: { total: TotalSummary; chosen: boolean; onChoose: () => void }) {
  const change = (
    value: number | null,
    key: 'overTime.sinceYesterday' | 'overTime.in7Days' | 'overTime.in30Days',
  ) => (value === null ? null : <span class="ot-change">{t(key, [signed(value)])}</span>);
  return (
    <li>
      <button
        type="button"
        class="ot-total"
        data-testid="stats-total"
        data-kind={total.kind}
        data-value={String(total.value)}
        data-change-7d={total.change7d === null ? '' : String(total.change7d)}
        aria-pressed={chosen ? 'true' : 'false'}
        onClick={onChoose}
      >
        <span class="ot-kind">{t(KIND_WORDS[total.kind])}</span>
        <strong class="ot-value">{formatNumber(total.value)}</strong>
        {change(total.sinceYesterday, 'overTime.sinceYesterday')}
        {change(total.change7d, 'overTime.in7Days')}
        {change(total.change30d, 'overTime.in30Days')}
      </button>
    </li>
  );
}

/** The forget button, asking once more before the record goes. */
function Forget() {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" class="ot-forget" data-testid="stats-forget" onClick={() => setAsking(true)}>
        {t('overTime.forget')}
      </button>
    );
  return (
    <fieldset class="ot-confirm">
      <legend>{t('overTime.forgetConfirm')}</legend>
      <button
        type="button"
        data-testid="stats-forget-yes"
        onClick={() => {
          setAsking(false);
          sendSurvivingRestart(() => sendMessage('forgetProjectHistory')).catch(() => undefined);
        }}
      >
        {t('overTime.forgetYes')}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t('overTime.cancel')}
      </button>
    </fieldset>
  );
}

export function OverTimeView(props: { member: SessionUser; project?: number | null; onBack: () => void }) {
  const history = useMemberHistory(props.member.username);
  const back = useRef<HTMLButtonElement>(null);
  // Opened from a button that is gone now: the keyboard goes on from the view's first control.
  useEffect(() => back.current?.focus(), []);
  const anyDay = history.days.length > 0;
  useLayoutEffect(() => {
    if (anyDay) markFirstItemPainted(FIRST_OVER_TIME_MARK);
  }, [anyDay]);
  const [kind, setKind] = useState<CountKind>('loves');
  const [range, setRange] = useState<ChartRange>(30);
  const [project, setProject] = useState<number | null>(props.project ?? null);
  const totals = useMemo(() => totalSummaries(history), [history]);
  const gainers = useMemo(() => topGainers(history), [history]);
  const chosen = history.projects.find((record) => record.id === project) ?? null;
  const points = useMemo(() => {
    const index = COUNT_KINDS.indexOf(kind);
    const values =
      chosen === null
        ? totalsByDay(history).map((counts) => counts[index] as number)
        : chosen.counts.map((counts) => (counts === null ? null : (counts[index] as number)));
    return seriesWithin(history.days, values, range);
  }, [history, chosen, kind, range]);
  const subject = chosen === null ? t(KIND_WORDS[kind]) : `${chosen.title} · ${t(KIND_WORDS[kind])}`;
  const label = t('overTime.chartLabel', [subject]);

  return (
    <section
      class="over-time"
      data-testid="mystuff-over-time"
      // The popup opens on My Stuff's lists, never here: its snapshot keeps the lists (first-frame-writer.ts).
      data-first-frame="never"
      aria-labelledby="over-time-title"
    >
      <div class="ot-head">
        <button ref={back} type="button" class="ot-back" data-testid="over-time-back" onClick={props.onBack}>
          {t('overTime.back')}
        </button>
        <h2 id="over-time-title">{t('overTime.title')}</h2>
      </div>
      {history.days.length === 0 ? (
        <Empty block>
          <p data-testid="over-time-empty">{t('overTime.empty')}</p>
        </Empty>
      ) : (
        <>
          {history.days.length === 1 && <p class="ot-note">{t('overTime.firstDay')}</p>}
          <ul class="ot-totals" aria-label={t('overTime.totalsLabel')}>
            {totals.map((total) => (
              <Total
                key={total.kind}
                total={total}
                chosen={total.kind === kind}
                onChoose={() => setKind(total.kind)}
              />
            ))}
          </ul>
          <div class="ot-tools">
            <label>
              <span>{t('overTime.projects')}</span>
              <select
                data-testid="stats-project"
                value={project === null ? '' : String(project)}
                onChange={(event) =>
                  setProject(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
                }
              >
                <option value="">{t('overTime.allProjects')}</option>
                {history.projects.map((record) => (
                  <option key={record.id} value={String(record.id)}>
                    {record.gone ? `${record.title} (${t('overTime.gone')})` : record.title}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('overTime.rangeLabel')}</span>
              <select
                data-testid="stats-range"
                value={String(range)}
                onChange={(event) => setRange(Number(event.currentTarget.value) as ChartRange)}
              >
                {CHART_RANGES.map((days) => (
                  <option key={days} value={String(days)}>
                    {t(RANGE_WORDS[days])}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <StatsChart points={points} label={label} />
          <details class="ot-table-fold">
            <summary>{t('overTime.showTable')}</summary>
            <StatsTable
              points={points}
              caption={label}
              dayHeading={t('overTime.day')}
              valueHeading={subject}
            />
          </details>
          <h3>{t('overTime.thisWeek')}</h3>
          {gainers.length === 0 ? (
            <p class="ot-note">{t('overTime.noGainers')}</p>
          ) : (
            <ol class="ot-gainers">
              {gainers.map((gainer) => (
                <li
                  key={gainer.id}
                  data-testid="gainer"
                  data-project-id={String(gainer.id)}
                  data-gain={String(gainer.gain)}
                >
                  <button type="button" class="ot-gainer" onClick={() => setProject(gainer.id)}>
                    <span class="ot-gainer-title">{gainer.title}</span>
                    <span class="ot-gain">{t('overTime.gain', [formatNumber(gainer.gain)])}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <div class="ot-data">
        <button
          type="button"
          data-testid="stats-csv"
          disabled={history.days.length === 0}
          onClick={() => downloadCsv(history)}
        >
          {t('overTime.csv')}
        </button>
        {history.days.length > 0 && <Forget />}
        <p class="ot-note">{t('overTime.private')}</p>
      </div>
    </section>
  );
}
