import { describe, expect, it } from 'vitest';
import { HOME_FIRST_PHOTO_HEADER, homeFirstPhotoHeaders } from './home-first-photo';

const photo = (url: string) => [
  {
    id: 1,
    fileUrl: url,
    thumbnailUrl: url,
    width: 1200,
    height: 900,
    sources: [{ url, type: 'image/webp' as const, width: 480 }],
  },
];

describe("the home's first photo header", () => {
  it('names the first row’s first card with a photo, and its rank', () => {
    const groups = [
      { annonces: [{ vehicleFiles: [] }, { vehicleFiles: photo('/files/2') }] },
      { annonces: [{ vehicleFiles: photo('/files/9') }] },
    ];
    const headers = homeFirstPhotoHeaders(groups as never);
    expect(JSON.parse(headers[HOME_FIRST_PHOTO_HEADER]!)).toEqual({
      rank: 1,
      sources: [{ url: '/files/2', type: 'image/webp', width: 480 }],
    });
  });

  it('names none without a photo in the first row, or with an address a header cannot hold', () => {
    expect(homeFirstPhotoHeaders([])).toEqual({});
    const later = [
      { annonces: [{ vehicleFiles: [] }] },
      { annonces: [{ vehicleFiles: photo('/x') }] },
    ];
    expect(homeFirstPhotoHeaders(later as never)).toEqual({});
    const accented = [{ annonces: [{ vehicleFiles: photo('/files/é\n') }] }];
    expect(homeFirstPhotoHeaders(accented as never)).toEqual({});
  });
});
