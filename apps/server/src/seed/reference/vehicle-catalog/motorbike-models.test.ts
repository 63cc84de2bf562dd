import { describe, expect, it } from 'vitest';
import { classifyTwoWheeler, twoWheelerModels } from './motorbike-models';

describe('classifyTwoWheeler', () => {
  it.each([
    // Mixed makes keep their motorbike and scooter codes only.
    ['HONDA', 'CBR600RR', 'MOTORBIKE'],
    ['HONDA', 'PCX150', 'SCOOTER'],
    ['HONDA', 'ACCORD', null],
    ['HONDA', 'CR-V', null],
    ['HONDA', 'AQUATRAX F-12X', null],
    ['HONDA', 'TRX420FA RANCHER AT', null],
    ['HONDA', 'SXS700M2 PIONEER 700', null],
    ['YAMAHA', 'YZF-R1', 'MOTORBIKE'],
    ['YAMAHA', 'XP500 TMAX', 'SCOOTER'],
    ['YAMAHA', 'VX1100 WAVERUNNER VX', null],
    ['YAMAHA', 'YFM700R RAPTOR', null],
    ['YAMAHA', 'RX10 RX-1', null],
    ['YAMAHA', 'VT500 VENTURE 500', null],
    ['SUZUKI', 'GSX-R750', 'MOTORBIKE'],
    ['SUZUKI', 'AN650 BURGMAN', 'SCOOTER'],
    ['SUZUKI', 'SWIFT', null],
    ['SUZUKI', 'GRAND VITARA', null],
    ['SUZUKI', 'LT-Z400 QUADSPORT Z', null],
    ['KAWASAKI', 'ZX636 NINJA ZX-6R', 'MOTORBIKE'],
    ['KAWASAKI', 'JT1500 ULTRA 300 X', null],
    ['KAWASAKI', 'KAF620 MULE 4010 4X4', null],
    ['KAWASAKI', 'KVF750 BRUTE FORCE 4X4I', null],
    ['BMW', 'R1200GS', 'MOTORBIKE'],
    ['BMW', 'C650GT', 'SCOOTER'],
    ['BMW', '328I XDRIVE', null],
    ['BMW', 'X5', null],
    // Two-wheel makes: quads dropped, scooters told apart.
    ['KYMCO', 'AGILITY 125', 'SCOOTER'],
    ['KYMCO', 'VENOX 250', 'MOTORBIKE'],
    ['KYMCO', 'MXU500 IRS', null],
    ['APRILIA', 'SCARABEO 125', 'SCOOTER'],
    ['APRILIA', 'RSV4 R', 'MOTORBIKE'],
    ['VESPA', 'GTS 300', 'SCOOTER'],
    ['DUCATI', 'MONSTER 696', 'MOTORBIKE'],
    // Makes that are not motorbike makes are not read.
    ['POLARIS', 'SPORTSMAN 500', null],
    ['SKI-DOO', 'MXZ', null],
    ['FORD', 'FOCUS', null],
  ] as const)('%s %s → %s', (make, model, expected) => {
    expect(classifyTwoWheeler(make, model)).toBe(expected);
  });
});

describe('twoWheelerModels', () => {
  it('deduplicates across years, drops option words and writes names in Title Case', () => {
    const rows = [
      { make: 'HONDA', model: 'CB500F' },
      { make: 'HONDA', model: 'CB500F ABS' },
      { make: 'HONDA', model: 'GL1800 GOLD WING' },
      { make: 'HONDA', model: 'GL1800 GOLD WING' },
      { make: 'MV AGUSTA', model: 'BRUTALE 800' },
      { make: 'HONDA', model: 'CIVIC' },
    ];
    expect(twoWheelerModels(rows)).toEqual([
      { brand: 'Honda', type: 'MOTORBIKE', name: 'CB500F' },
      { brand: 'Honda', type: 'MOTORBIKE', name: 'CB500F' },
      { brand: 'Honda', type: 'MOTORBIKE', name: 'GL1800 Gold Wing' },
      { brand: 'MV Agusta', type: 'MOTORBIKE', name: 'Brutale 800' },
    ]);
  });

  it('completes a word the source cut at 35 characters from the make’s other names', () => {
    const rows = [
      { make: 'HARLEY DAVIDSON', model: 'FLHTC ELECTRA GLIDE CLASSIC' },
      { make: 'HARLEY DAVIDSON', model: 'FLHTCSE SCREAMIN EAGLE ELECTRA GLID' },
    ];
    expect(twoWheelerModels(rows).map((model) => model.name)).toEqual([
      'FLHTC Electra Glide Classic',
      'FLHTCSE Screamin Eagle Electra Glide',
    ]);
  });
});
