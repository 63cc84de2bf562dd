import { describe, expect, it } from 'vitest';
import { cleanFiscalPower, fiscalPowerLabel } from '../components/fiscal-power-filter';
import {
  buildClusterIndex,
  CLUSTER_MAX_ZOOM,
  clustersIn,
  clusterStyleIndex,
  leavesOf,
  sharePlace,
  spreadOffsets,
  stackByPlace,
} from './clusters';
import { criteriaForm, EMPTY_FILTERS, filtersHaveCriterion, parseFiltersParam } from './filters';
import { clusterIcon, markerIcon, MARKER_TYPES } from './map-icons';
import { higherCategoriesFullySelected, toggleOption } from './sub-filter-lists';
import { option } from '../testing/discovery-fixtures';

const FRANCE: [number, number, number, number] = [-6, 41, 10, 52];

describe('clusters', () => {
  const toulouse = Array.from({ length: 25 }, (_, index) => ({
    id: index + 1,
    latitude: 43.6 + (index % 5) * 0.001,
    longitude: 1.44 + Math.floor(index / 5) * 0.001,
  }));
  const paris = { id: 100, latitude: 48.85, longitude: 2.35 };

  it('groups nearby points at low zoom and separates them past the cluster max zoom', () => {
    const index = buildClusterIndex([...toulouse, paris]);
    const far = clustersIn(index, FRANCE, 6);
    expect(far).toHaveLength(2);
    expect(far.find((feature) => feature.kind === 'cluster')).toMatchObject({ count: 25 });
    expect(far.find((feature) => feature.kind === 'point')).toMatchObject({ id: 100 });
    const close = clustersIn(index, FRANCE, CLUSTER_MAX_ZOOM + 1);
    expect(close.filter((feature) => feature.kind === 'point')).toHaveLength(26);
  });

  it('never lets two markers cover each other on the screen, at any zoom', () => {
    // 300 announcements scattered over the Toulouse area, the same every run.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const scattered = Array.from({ length: 300 }, (_, index) => ({
      id: index + 1,
      latitude: 43.6 + (random() - 0.5) * 0.8,
      longitude: 1.44 + (random() - 0.5) * 1.2,
    }));
    const index = buildClusterIndex(scattered);
    // Leaflet's screen pixels (Web Mercator, 256 px tiles).
    const onScreen = (feature: { latitude: number; longitude: number }, zoom: number) => {
      const size = 256 * 2 ** zoom;
      const sin = Math.sin((feature.latitude * Math.PI) / 180);
      return {
        x: ((feature.longitude + 180) / 360) * size,
        y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
      };
    };
    for (let zoom = 7; zoom <= 14; zoom += 1) {
      const shown = clustersIn(index, FRANCE, zoom).map((feature) => onScreen(feature, zoom));
      for (const [i, a] of shown.entries()) {
        for (const b of shown.slice(i + 1)) {
          expect(Math.hypot(a.x - b.x, a.y - b.y), `zoom ${zoom}`).toBeGreaterThanOrEqual(50);
        }
      }
    }
  });

  it('draws 50×50 cluster markers with 20 px text, styled by tens', () => {
    const html = String(clusterIcon(42).options.html);
    expect(html).toContain('width:50px;height:50px;font-size:20px');
    expect(html).toContain('>42<');
    expect(clusterIcon(42).options.iconSize).toEqual([50, 50]);
    expect([clusterStyleIndex(9), clusterStyleIndex(10), clusterStyleIndex(100)]).toEqual([
      1, 2, 3,
    ]);
  });

  it('gives each marker type its own look', () => {
    const looks = new Set(MARKER_TYPES.map((type) => String(markerIcon(type).options.html)));
    expect(looks.size).toBe(MARKER_TYPES.length);
    expect(markerIcon('POLICE').options.className).toContain('discovery-marker--police');
  });

  it('keeps announcements of one commune together at every zoom, and knows no zoom splits them', () => {
    const commune = [1, 2, 3].map((id) => ({ id, latitude: 43.6, longitude: 1.44 }));
    const index = buildClusterIndex([...commune, paris]);
    const cluster = clustersIn(index, FRANCE, CLUSTER_MAX_ZOOM).find(
      (feature) => feature.kind === 'cluster',
    )!;
    expect(sharePlace(leavesOf(index, cluster.id))).toBe(true);
    // Past the cluster max zoom they come back as points on one pixel: one stack of three.
    const { stacks } = stackByPlace(clustersIn(index, FRANCE, CLUSTER_MAX_ZOOM + 3));
    expect(stacks.map((stack) => stack.ids.length).sort()).toEqual([1, 3]);
    expect(sharePlace(toulouse.slice(0, 2))).toBe(false);
  });

  it('spreads a shared place so that every marker is a finger apart', () => {
    for (const count of [2, 5, 8, 12]) {
      const offsets = spreadOffsets(count);
      expect(offsets).toHaveLength(count);
      for (const [i, a] of offsets.entries()) {
        for (const b of offsets.slice(i + 1)) {
          expect(Math.hypot(a.x - b.x, a.y - b.y), `${count}`).toBeGreaterThanOrEqual(32);
        }
      }
    }
  });
});

describe('filters', () => {
  it('sends id lists as JSON arrays and the fiscal power maximum as null at the top', () => {
    const form = criteriaForm({
      ...EMPTY_FILTERS,
      brands: [12, 3],
      colors: ['RED'],
      minFiscalPower: 4,
      maxFiscalPower: 30,
    });
    expect(form.brandIds).toBe('[3,12]');
    expect(form.colors).toBe('["RED"]');
    expect(form.minFiscalPower).toBe(4);
    expect(form.maxFiscalPower).toBeNull();
  });

  it('needs a criterion for an alert; blank text is none', () => {
    expect(filtersHaveCriterion({ ...EMPTY_FILTERS, researchText: '   ' })).toBe(false);
    expect(filtersHaveCriterion({ ...EMPTY_FILTERS, researchSorting: 'PROXIMITY' })).toBe(false);
    expect(filtersHaveCriterion({ ...EMPTY_FILTERS, energies: ['DIESEL'] })).toBe(true);
    expect(filtersHaveCriterion({ ...EMPTY_FILTERS, maxFiscalPower: 12 })).toBe(true);
  });

  it('reads only known fields from the filtersData parameter', () => {
    expect(parseFiltersParam('{"brands":[1],"evil":2}')).toEqual({ brands: [1] });
    expect(parseFiltersParam('not json')).toEqual({});
  });

  it('cleans a typed fiscal power and labels the top with +', () => {
    expect([cleanFiscalPower(-3), cleanFiscalPower(7.6), cleanFiscalPower(99)]).toEqual([0, 8, 30]);
    expect([fiscalPowerLabel(12), fiscalPowerLabel(30)]).toEqual(['12', '30+']);
  });

  it('toggles a whole group from its header and marks fully selected headers', () => {
    const options = [
      option({ id: 10, name: 'Peugeot', isHigherCategory: true }),
      option({ id: 100, name: '208', higherCategoryId: 10 }),
      option({ id: 101, name: '308', higherCategoryId: 10 }),
      option({ id: 11, name: 'Renault', isHigherCategory: true }),
      option({ id: 110, name: 'Clio', higherCategoryId: 11 }),
    ];
    const all = toggleOption(EMPTY_FILTERS, 'model', options, options[0]!);
    expect(all.models).toEqual([100, 101]);
    expect(all.modelsHigherCategoryIds).toEqual([10]);
    const one = toggleOption(all, 'model', options, options[1]!);
    expect(one.models).toEqual([101]);
    expect(one.modelsHigherCategoryIds).toEqual([]);
    expect(higherCategoriesFullySelected(options, [110])).toEqual([11]);
  });
});
