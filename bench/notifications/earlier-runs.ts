import { sectionBody, sectionOf } from '../results-sections';

/** The heading of a run's recipients table: `## Recipients: <label>, <HH:MM> UTC`. */
export const RECIPIENTS_HEADING = 'Recipients';
export const EARLIER_HEADING = 'Earlier runs today';

/**
 * The recipients tables of the earlier runs of the day, newest first, each under a `###` heading,
 * from the day's results file as the previous run left it ('' when there was none). Files written
 * before the tables had a heading of their own give theirs as "an earlier run".
 */
export function earlierRecipientRuns(previous: string): string {
  const runs: string[] = [];
  const recipients = sectionOf(previous, RECIPIENTS_HEADING);
  if (recipients) {
    runs.push(recipients.replace(/^## /, '### '));
  } else {
    // The first layout: the load average's line and the table right under the file's title.
    const start = previous.indexOf('Load average when the run started');
    if (start >= 0) {
      const end = previous.indexOf('\n## ', start);
      runs.push(`### an earlier run\n\n${previous.slice(start, end < 0 ? undefined : end).trim()}`);
    }
  }
  const earlier = sectionBody(sectionOf(previous, EARLIER_HEADING));
  if (earlier) runs.push(earlier);
  return runs.join('\n\n');
}
