/**
 * Reading back a results file the benchmarks wrote earlier the same day: a run rewrites the day's
 * file, and what an earlier run measured (the code before a change, a quieter moment) must not be
 * lost with it.
 */

/** The `## heading…` section of a markdown text (up to the next `## `), trimmed; '' if absent. */
export function sectionOf(text: string, heading: string): string {
  const start = text.startsWith(`## ${heading}`) ? 0 : text.indexOf(`\n## ${heading}`);
  if (start < 0) return '';
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end).trim();
}

/** A section's body: its text without its own heading line. */
export function sectionBody(section: string): string {
  return section.replace(/^## [^\n]*\n?/, '').trim();
}
