import L from 'leaflet';
import { CLUSTER_ICON_SIZE_PX, CLUSTER_TEXT_SIZE_PX, clusterStyleIndex } from './clusters';

/** Marker types of docs/product/discovery.md §2, each with its own look. */
export const MARKER_TYPES = ['THEFT_LOCATION', 'CONFIRMED_POSITION', 'TRACKER', 'POLICE'] as const;
export type MarkerType = (typeof MARKER_TYPES)[number];

const MARKER_LOOK: Record<MarkerType, { colour: string; glyph: string }> = {
  // A red pin with an exclamation mark: where the vehicle was stolen.
  THEFT_LOCATION: { colour: '#c81e1e', glyph: '!' },
  // Green: a position confirmed by a match.
  CONFIRMED_POSITION: { colour: '#15803d', glyph: '✓' },
  // Violet: the owner's tracker.
  TRACKER: { colour: '#6d28d9', glyph: '◎' },
  // Navy: a police station or gendarmerie (drawn as a badge, see policeSvg).
  POLICE: { colour: '#1e3a8a', glyph: '' },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A police badge: a navy shield with a white star. A "P" in a pin read as a car park (issue 15);
 * a shield is what French police and gendarmerie signs show.
 */
export function policeSvg(size: number): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true"><path d="M16 2 4 6v9c0 7.4 5.1 13.2 12 15 6.9-1.8 12-7.6 12-15V6z" fill="${MARKER_LOOK.POLICE.colour}" stroke="#fff" stroke-width="2"/><path d="m16 9 1.9 4.3 4.6.4-3.5 3 1.1 4.6L16 18.9l-4.1 2.4 1.1-4.6-3.5-3 4.6-.4z" fill="#fff"/></svg>`;
}

/** The pin of an announcement's marker, as markup (the map's legend shows the same). */
export function pinSvg(type: Exclude<MarkerType, 'POLICE'>, size: number): string {
  const { colour, glyph } = MARKER_LOOK[type];
  return `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true"><path d="M16 1C9.4 1 4 6.2 4 12.7 4 21.5 16 31 16 31s12-9.5 12-18.3C28 6.2 22.6 1 16 1z" fill="${colour}" stroke="#fff" stroke-width="2"/><text x="16" y="17" text-anchor="middle" font-size="13" font-weight="700" fill="#fff" font-family="system-ui,sans-serif">${escapeHtml(glyph)}</text></svg>`;
}

export function markerIcon(type: MarkerType, selected = false): L.DivIcon {
  const size = selected ? 40 : 32;
  const police = type === 'POLICE';
  return L.divIcon({
    className: `discovery-marker discovery-marker--${type.toLowerCase()}${selected ? ' discovery-marker--selected' : ''}`,
    html: police ? policeSvg(size) : pinSvg(type, size),
    iconSize: [size, size],
    // A pin points at its place with its tip; the badge stands centred on it.
    iconAnchor: police ? [size / 2, size / 2] : [size / 2, size],
    popupAnchor: [0, police ? -size / 2 : -size],
  });
}

const CLUSTER_COLOURS = { 1: '#f59e0b', 2: '#d97706', 3: '#b45309' } as const;

/** The cluster's disc, as markup (the legend shows a small one). */
export function clusterHtml(
  count: number | string,
  size = CLUSTER_ICON_SIZE_PX,
  text = CLUSTER_TEXT_SIZE_PX,
) {
  const colour = CLUSTER_COLOURS[clusterStyleIndex(typeof count === 'number' ? count : 1)];
  return `<div style="width:${size}px;height:${size}px;font-size:${text}px;background:${colour};border:3px solid rgba(255,255,255,.9);box-shadow:0 1px 4px rgba(0,0,0,.4)" class="flex items-center justify-center rounded-full font-bold text-night-950">${escapeHtml(String(count))}</div>`;
}

/**
 * Announcements standing on one place (one commune's centre): a cluster-like disc whose tap
 * spreads them (`discovery-stack`), with a ring when the selected one is among them.
 */
export function stackIcon(count: number, selected: boolean): L.DivIcon {
  return L.divIcon({
    className: `discovery-cluster discovery-stack${selected ? ' discovery-stack--selected' : ''}`,
    html: `<div style="border-radius:9999px;${selected ? 'box-shadow:0 0 0 4px #c81e1e' : ''}">${clusterHtml(count)}</div>`,
    iconSize: [CLUSTER_ICON_SIZE_PX, CLUSTER_ICON_SIZE_PX],
    iconAnchor: [CLUSTER_ICON_SIZE_PX / 2, CLUSTER_ICON_SIZE_PX / 2],
  });
}

/** A 50×50 cluster marker with its count in 20 px text (docs/product/discovery.md §2). */
export function clusterIcon(count: number): L.DivIcon {
  const colour = CLUSTER_COLOURS[clusterStyleIndex(count)];
  return L.divIcon({
    className: 'discovery-cluster',
    html: `<div style="width:${CLUSTER_ICON_SIZE_PX}px;height:${CLUSTER_ICON_SIZE_PX}px;font-size:${CLUSTER_TEXT_SIZE_PX}px;background:${colour};border:3px solid rgba(255,255,255,.9);box-shadow:0 1px 4px rgba(0,0,0,.4)" class="flex items-center justify-center rounded-full font-bold text-night-950">${count}</div>`,
    iconSize: [CLUSTER_ICON_SIZE_PX, CLUSTER_ICON_SIZE_PX],
    iconAnchor: [CLUSTER_ICON_SIZE_PX / 2, CLUSTER_ICON_SIZE_PX / 2],
  });
}
