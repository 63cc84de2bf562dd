import { describe, expect, it } from 'vitest';
import { titleCaseName } from './title-case';

describe('titleCaseName', () => {
  it.each([
    ['CBR600RR', 'CBR600RR'],
    ['GL1800 GOLD WING', 'GL1800 Gold Wing'],
    ['DL650 V-STROM', 'DL650 V-Strom'],
    ['GSX-R1000', 'GSX-R1000'],
    ['ZX1000 NINJA ZX-10R', 'ZX1000 Ninja ZX-10R'],
    ['1199 PANIGALE S TRICOLORE', '1199 Panigale S Tricolore'],
    ['DOWNTOWN 300I', 'Downtown 300i'],
    ['CBR600F F4I', 'CBR600F F4i'],
    ['XP500 TMAX', 'XP500 TMAX'],
    ['BONNEVILLE STEVE MCQUEEN SE', 'Bonneville Steve McQueen SE'],
    ['CROSS COUNTRY 8-BALL', 'Cross Country 8-Ball'],
    ['C50 BOULEVARD B.O.S.S.', 'C50 Boulevard B.O.S.S.'],
    ['RALLY 50 (AIR COOLED)', 'Rally 50 (Air Cooled)'],
    ['MV AGUSTA', 'MV Agusta'],
    ['450 EXC', '450 EXC'],
    ['BWS 50', 'BWS 50'],
    ['ROCKET III', 'Rocket III'],
    ['FLY 150', 'Fly 150'],
    ['YZF-R1', 'YZF-R1'],
    ['ZX636 NINJA ZX-6R 30TH ANNIVERSARY', 'ZX636 Ninja ZX-6R 30th Anniversary'],
  ])('%s → %s', (input, expected) => {
    expect(titleCaseName(input)).toBe(expected);
  });
});

it('keeps a letters-only first word as a code when told to', () => {
  expect(titleCaseName('FLHRCI ROAD KING CLASSIC', { firstWordIsCode: true })).toBe(
    'FLHRCI Road King Classic',
  );
  expect(titleCaseName('FLHRCI ROAD KING CLASSIC')).toBe('Flhrci Road King Classic');
});
