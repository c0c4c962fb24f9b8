/**
 * "Download as CSV": the member's record as a file (lib/project-history/project-history-model.ts's
 * `historyCsv`, one row per project and day), saved through the browser's own download of a link, so
 * no permission is needed. The file is made here, in the popup, from what storage holds: nothing is
 * sent anywhere.
 */
import { historyCsv, isoDate, type MemberHistory } from '@/lib/project-history/project-history-model';

export function downloadCsv(history: MemberHistory): void {
  // A byte order mark, so spreadsheets read the titles' letters as UTF-8.
  const file = new Blob(['\uFEFF', historyCsv(history)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${history.username}-projects-${isoDate(history.days.at(-1) ?? 0)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser took the file: a revoked address mid-download fails in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
