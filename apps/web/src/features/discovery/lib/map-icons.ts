import L from 'leaflet';
import { CLUSTER_ICON_SIZE_PX, CLUSTER_TEXT_SIZE_PX, clusterStyleIndex } from './clusters';

/** Marker types of discovery.md §2, each with its own look. */
export const MARKER_TYPES = ['THEFT_LOCATION', 'CONFIRMED_POSITION', 'TRACKER', 'POLICE'] as const;
export type MarkerType = (typeof MARKER_TYPES)[number];

const MARKER_LOOK: Record<MarkerType, { colour: string; glyph: string }> = {
  // A red pin with an exclamation mark: where the vehicle was stolen.
  THEFT_LOCATION: { colour: '#c81e1e', glyph: '!' },
  // Green: a position confirmed by a match.
  CONFIRMED_POSITION: { colour: '#15803d', glyph: '✓' },
  // Violet: the owner's tracker.
  TRACKER: { colour: '#6d28d9', glyph: '◎' },
  // Navy: a police station or gendarmerie.
  POLICE: { colour: '#1e3a8a', glyph: 'P' },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function markerIcon(type: MarkerType, selected = false): L.DivIcon {
  const { colour, glyph } = MARKER_LOOK[type];
  const size = selected ? 40 : 32;
  return L.divIcon({
    className: `discovery-marker discovery-marker--${type.toLowerCase()}`,
    html: `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true"><path d="M16 1C9.4 1 4 6.2 4 12.7 4 21.5 16 31 16 31s12-9.5 12-18.3C28 6.2 22.6 1 16 1z" fill="${colour}" stroke="#fff" stroke-width="2"/><text x="16" y="17" text-anchor="middle" font-size="13" font-weight="700" fill="#fff" font-family="system-ui,sans-serif">${escapeHtml(glyph)}</text></svg>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size],
    popupAnchor: [0, -size],
  });
}

const CLUSTER_COLOURS = { 1: '#f59e0b', 2: '#d97706', 3: '#b45309' } as const;

/** A 50×50 cluster marker with its count in 20 px text (discovery.md §2). */
export function clusterIcon(count: number): L.DivIcon {
  const colour = CLUSTER_COLOURS[clusterStyleIndex(count)];
  return L.divIcon({
    className: 'discovery-cluster',
    html: `<div style="width:${CLUSTER_ICON_SIZE_PX}px;height:${CLUSTER_ICON_SIZE_PX}px;font-size:${CLUSTER_TEXT_SIZE_PX}px;background:${colour};border:3px solid rgba(255,255,255,.9);box-shadow:0 1px 4px rgba(0,0,0,.4)" class="flex items-center justify-center rounded-full font-bold text-night-950">${count}</div>`,
    iconSize: [CLUSTER_ICON_SIZE_PX, CLUSTER_ICON_SIZE_PX],
    iconAnchor: [CLUSTER_ICON_SIZE_PX / 2, CLUSTER_ICON_SIZE_PX / 2],
  });
}
