import { describe, expect, it } from 'vitest';
import { sectionBody, sectionOf } from './results-sections';

/** A section with a sub-heading of its own, between two others. */
const FIGURES = [
  '## Figures: after, 04:30 UTC',
  '',
  '| a | b |',
  '',
  '### a sub-heading stays inside',
  '',
  'text',
].join('\n');

const TEXT = [
  '## Machine',
  '',
  '2 cores',
  '',
  FIGURES,
  '',
  '## Earlier runs today',
  '',
  'older',
].join('\n');

describe('results sections', () => {
  it('finds a section by the start of its heading, up to the next heading of its level', () => {
    expect(sectionOf(TEXT, 'Figures')).toBe(FIGURES);
  });

  it('finds the first and the last section of the text', () => {
    expect(sectionOf(TEXT, 'Machine')).toBe('## Machine\n\n2 cores');
    expect(sectionOf(TEXT, 'Earlier runs today')).toBe('## Earlier runs today\n\nolder');
  });

  it('gives an empty text for a section the text does not have', () => {
    expect(sectionOf(TEXT, 'Plans')).toBe('');
    expect(sectionOf('', 'Figures')).toBe('');
    expect(sectionBody('')).toBe('');
  });

  it('gives a section’s body without its heading line', () => {
    expect(sectionBody(sectionOf(TEXT, 'Earlier runs today'))).toBe('older');
  });
});
