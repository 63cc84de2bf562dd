import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLines, type RequestLineFields } from './request-lines';

const FIELDS: RequestLineFields = {
  reqId: 'req-7',
  method: 'GET',
  url: '/announcements/"quoted"\\path\u0001é',
  statusCode: 200,
  responseTime: 0.4,
};

/** The line pino itself writes for the same fields, at the same level. */
function pinoLine(level: 'info' | 'debug', fields: RequestLineFields): string {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  pino({ level: 'debug' }, stream)[level](fields, 'request');
  return written;
}

function handWritten(level: 'info' | 'debug', fields: RequestLineFields, threshold = 'debug') {
  const lines: string[] = [];
  new RequestLines({ write: (line) => lines.push(line) }, threshold).write(level, fields);
  return lines;
}

/** The time differs by when each was written: compared apart. */
function withoutTime(line: string): string {
  return line.replace(/"time":\d+,/, '"time":0,');
}

describe('request lines written by hand', () => {
  it('are the line pino writes for the same fields: same keys, order, escaping, one line', () => {
    for (const level of ['info', 'debug'] as const) {
      const [line] = handWritten(level, FIELDS);
      expect(withoutTime(line!)).toBe(withoutTime(pinoLine(level, FIELDS)));
      expect(line!.endsWith('}\n')).toBe(true);
      expect(line!.slice(0, -1)).not.toContain('\n');
      expect(JSON.parse(line!)).toMatchObject({ ...FIELDS, msg: 'request' });
    }
  });

  it('keep a readable line when a time is not a number', () => {
    const [line] = handWritten('info', { ...FIELDS, responseTime: Number.NaN });
    expect(JSON.parse(line!).responseTime).toBeNull();
  });

  it('follow the level the operator chose', () => {
    expect(handWritten('debug', FIELDS, 'info')).toEqual([]);
    expect(handWritten('info', FIELDS, 'info')).toHaveLength(1);
    expect(handWritten('info', FIELDS, 'warn')).toEqual([]);
    expect(handWritten('info', FIELDS, 'silent')).toEqual([]);
  });
});
