import { fullDate, relativeTime } from '@/lib/i18n';

/** "3 minutes ago", with the full date and time on hover (and in `datetime` for assistive tech). */
export function RelativeTime({ time, class: className }: { time: string | number; class?: string }) {
  const date = new Date(time);
  if (!Number.isFinite(date.getTime())) return null;
  return (
    <time class={className} dateTime={date.toISOString()} title={fullDate(date)}>
      {relativeTime(date)}
    </time>
  );
}
