import 'leaflet/dist/leaflet.css';
import {
  LOCATION_RADIUS_MAX_KM,
  LOCATION_RADIUS_MIN_KM,
  MAP_POINTS_CAP,
  distanceKm,
  type MapPoint,
  type PoliceStation,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import type L from 'leaflet';
import { ChevronLeft, ChevronRight, LocateFixed, MapPin, ScanSearch, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MapContainer,
  Marker,
  Polyline,
  Popup,
  TileLayer,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { AnnoncePhotoPlaceholder } from '@/components/annonce-card/annonce-card';
import { RewardStars } from '@/components/annonce-card/reward-stars';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import {
  getPoliceStationsInBounds,
  getSearchMapPoints,
  reversePlace,
  type Position,
} from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import type { useGeolocation } from '../hooks/use-geolocation';
import { useHeightToScreenBottom } from '../hooks/use-height-to-screen-bottom';
import { useReverseAddress } from '../hooks/use-reverse-address';
import { useSearchErrorToast } from '../hooks/use-search-annonces';
import {
  buildClusterIndex,
  CLUSTER_MAX_ZOOM,
  clustersIn,
  leavesOf,
  placeKey,
  sharePlace,
  SPREAD_MAX,
  spreadOffsets,
  stackByPlace,
} from '../lib/clusters';
import { filtersKey, type Filters } from '../lib/filters';
import {
  clusterHtml,
  clusterIcon,
  markerIcon,
  pinSvg,
  policeSvg,
  stackIcon,
} from '../lib/map-icons';

/** docs/product/discovery.md §2 and §9. */
export const DEFAULT_CENTRE: [number, number] = [43.6045, 1.444];
export const DEFAULT_ZOOM = 14;
export const SELECTED_ZOOM = 15;
/** Police stations are asked only above this zoom. */
export const POLICE_MIN_ZOOM = 15;

const TILE_URL =
  (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ||
  'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

interface Viewport {
  zoom: number;
  bounds: L.LatLngBounds;
}

/** Announcements standing on one place, spread around it on the map at one zoom. */
interface Spread {
  key: string;
  latitude: number;
  longitude: number;
  ids: number[];
  zoom: number;
  /** The cluster it opened, hidden while spread. */
  clusterId: number | null;
}

function viewportOf(map: L.Map): Viewport {
  return { zoom: map.getZoom(), bounds: map.getBounds() };
}

/** Follows the map's moves; gives the map itself to the controls outside it. */
function ViewportTracker({
  onChange,
  onMap,
  onBackgroundClick,
}: {
  onChange: (viewport: Viewport) => void;
  onMap: (map: L.Map) => void;
  onBackgroundClick: () => void;
}) {
  const map = useMapEvents({
    moveend: () => onChange(viewportOf(map)),
    zoomend: () => onChange(viewportOf(map)),
    click: () => onBackgroundClick(),
  });
  useEffect(() => {
    onMap(map);
    onChange(viewportOf(map));
  }, [map, onChange, onMap]);
  return null;
}

function TheftMarkers({
  points,
  viewport,
  selectedId,
  spread,
  onSpread,
  onList,
  onSelect,
}: {
  points: readonly MapPoint[];
  viewport: Viewport | null;
  selectedId: number | null;
  spread: Spread | null;
  onSpread: (spread: Spread | null) => void;
  onList: (ids: number[]) => void;
  onSelect: (point: MapPoint) => void;
}) {
  const { t } = useTranslation();
  const map = useMap();
  const index = useMemo(() => buildClusterIndex(points), [points]);
  const byId = useMemo(() => new Map(points.map((point) => [point.id, point])), [points]);
  if (!viewport) return null;
  const bounds = viewport.bounds;
  const { others, stacks } = stackByPlace(
    clustersIn(
      index,
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      viewport.zoom,
    ),
  );
  const openPlace = (
    place: { latitude: number; longitude: number; ids: number[] },
    clusterId: number | null = null,
  ) => {
    // Too many for a finger to tell apart around one point: the list of them instead.
    if (place.ids.length > SPREAD_MAX) {
      onSpread(null);
      onList(place.ids);
      return;
    }
    onSpread({
      key: placeKey(place),
      latitude: place.latitude,
      longitude: place.longitude,
      ids: place.ids,
      zoom: viewport.zoom,
      clusterId,
    });
  };
  const shownSpread = spread && spread.zoom === viewport.zoom ? spread : null;
  const centre = shownSpread
    ? map.latLngToLayerPoint([shownSpread.latitude, shownSpread.longitude])
    : null;
  return (
    <>
      {others.map((feature) => {
        if (feature.kind !== 'cluster' || shownSpread?.clusterId === feature.id) return null;
        const label = t('map.cluster', { count: feature.count });
        return (
          <Marker
            key={`cluster-${feature.id}`}
            position={[feature.latitude, feature.longitude]}
            icon={clusterIcon(feature.count)}
            title={label}
            alt={label}
            eventHandlers={{
              click: () => {
                const leaves = leavesOf(index, feature.id);
                // A cluster no zoom can split (one commune's centre, or already at the cluster
                // max zoom) opens where it stands instead of zooming for nothing.
                if (sharePlace(leaves) || viewport.zoom >= CLUSTER_MAX_ZOOM) {
                  if (sharePlace(leaves)) {
                    openPlace({ ...leaves[0]!, ids: leaves.map((leaf) => leaf.id) }, feature.id);
                  } else {
                    onList(leaves.map((leaf) => leaf.id));
                  }
                  return;
                }
                onSpread(null);
                map.setView(
                  [feature.latitude, feature.longitude],
                  Math.min(index.getClusterExpansionZoom(feature.id), CLUSTER_MAX_ZOOM + 1),
                );
              },
            }}
          />
        );
      })}
      {stacks.map((stack) => {
        if (stack.ids.length === 1) {
          const point = byId.get(stack.ids[0]!);
          if (!point) return null;
          return (
            <Marker
              key={`annonce-${point.id}`}
              position={[point.latitude, point.longitude]}
              icon={markerIcon('THEFT_LOCATION', point.id === selectedId)}
              title={point.title}
              alt={t('map.theftMarker', { title: point.title })}
              zIndexOffset={point.id === selectedId ? 1000 : 0}
              eventHandlers={{ click: () => onSelect(point) }}
            />
          );
        }
        if (shownSpread?.key === stack.key) return null;
        const label = t('map.stack', { count: stack.ids.length });
        return (
          <Marker
            key={`stack-${stack.key}`}
            position={[stack.latitude, stack.longitude]}
            icon={stackIcon(
              stack.ids.length,
              selectedId !== null && stack.ids.includes(selectedId),
            )}
            title={label}
            alt={label}
            eventHandlers={{ click: () => openPlace(stack) }}
          />
        );
      })}
      {shownSpread && centre
        ? shownSpread.ids.map((id, position) => {
            const point = byId.get(id);
            if (!point) return null;
            const offset = spreadOffsets(shownSpread.ids.length)[position]!;
            const at = map.layerPointToLatLng([centre.x + offset.x, centre.y + offset.y]);
            return [
              <Polyline
                key={`leg-${id}`}
                positions={[[shownSpread.latitude, shownSpread.longitude], at]}
                pathOptions={{ color: '#334155', weight: 1.5, opacity: 0.8 }}
                interactive={false}
              />,
              <Marker
                key={`spread-${id}`}
                position={at}
                icon={markerIcon('THEFT_LOCATION', id === selectedId)}
                title={point.title}
                alt={t('map.theftMarker', { title: point.title })}
                zIndexOffset={id === selectedId ? 2000 : 1000}
                eventHandlers={{ click: () => onSelect(point) }}
              />,
            ];
          })
        : null}
    </>
  );
}

function PoliceMarkers({ viewport }: { viewport: Viewport | null }) {
  const { t } = useTranslation();
  const visible = viewport !== null && viewport.zoom > POLICE_MIN_ZOOM;
  const bounds = viewport?.bounds;
  const box = bounds
    ? {
        neLat: round(bounds.getNorth()),
        neLng: round(bounds.getEast()),
        swLat: round(bounds.getSouth()),
        swLng: round(bounds.getWest()),
      }
    : null;
  const stations = useQuery({
    queryKey: discoveryKeys.stations(JSON.stringify(box)),
    queryFn: () => getPoliceStationsInBounds(box!),
    enabled: visible && box !== null,
    staleTime: 60_000,
  });
  if (!visible) return null;
  return (
    <>
      {(stations.data ?? []).map((station: PoliceStation) => (
        <Marker
          key={`police-${station.id}`}
          position={[station.latitude, station.longitude]}
          icon={markerIcon('POLICE')}
          title={station.name}
          alt={t('map.policeMarker', { name: station.name })}
        >
          <Popup>
            <div className="flex flex-col gap-0.5 text-sm">
              <strong>{station.name}</strong>
              <span>{station.address}</span>
              {station.department ? <span>{station.department}</span> : null}
              {station.phoneNumber ? (
                <a href={`tel:${station.phoneNumber.replace(/\s+/g, '')}`}>{station.phoneNumber}</a>
              ) : null}
            </div>
          </Popup>
        </Marker>
      ))}
    </>
  );
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** What each kind of marker means; static markup shared with the markers themselves. */
function MapLegend() {
  const { t } = useTranslation();
  const rows = [
    { html: pinSvg('THEFT_LOCATION', 22), label: t('map.legend.theft') },
    { html: clusterHtml(3, 22, 11), label: t('map.legend.cluster') },
    { html: policeSvg(22), label: t('map.legend.police') },
  ];
  return (
    <details className="rounded-lg bg-white/95 text-xs text-night-900 shadow-md">
      <summary className="min-h-9 cursor-pointer list-none px-3 py-2 font-semibold">
        {t('map.legend.title')}
      </summary>
      <ul className="flex flex-col gap-1.5 px-3 pb-2">
        {rows.map((row) => (
          <li key={row.label} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-flex size-6 items-center justify-center"
              dangerouslySetInnerHTML={{ __html: row.html }}
            />
            {row.label}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A marker's announcement, small: photo, stars, title (the link), place. */
function MapCard({ point, headingLevel = 3 }: { point: MapPoint; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const address = useReverseAddress(point.address, point.latitude, point.longitude);
  const place = [address, point.departement ? `(${point.departement})` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <article
      className="relative flex gap-3 rounded-xl bg-white p-2 focus-within:ring-3 focus-within:ring-lantern-500"
      aria-labelledby={`map-card-${point.id}`}
    >
      {point.thumbnailUrl ? (
        <img src={point.thumbnailUrl} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
      ) : (
        <AnnoncePhotoPlaceholder className="size-20 shrink-0 rounded-lg [&_svg]:size-8" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <RewardStars level={point.additionnalRewardLevel} />
        <Heading
          id={`map-card-${point.id}`}
          className="truncate text-base font-semibold text-night-900"
        >
          <Link
            to={paths.annonceShow.getHref(point.id)}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {point.title}
          </Link>
        </Heading>
        {place ? (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">
              <span className="sr-only">{t('map.theftPlace')} </span>
              {place}
            </span>
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** The map's points for the filters (the same search as the list, without paging). */
function useMapPoints(filters: Filters, user: Position | null, enabled: boolean) {
  const query = useQuery({
    queryKey: discoveryKeys.mapPoints(
      `${filtersKey(filters)}|${user ? `${user.latitude},${user.longitude}` : ''}`,
    ),
    queryFn: () => getSearchMapPoints(filters, user),
    enabled,
  });
  useSearchErrorToast(query.isError, query.errorUpdatedAt);
  return query;
}

/**
 * The map view (docs/product/discovery.md §2): every located match of the search (not only the list's loaded
 * pages), clustered up to zoom 16; announcements sharing one place (a commune's centre) spread
 * around it when tapped, or list themselves when too many. Police stations above zoom 15 with a
 * legend. On a phone the map fills the screen and the selected announcement rises as a card over
 * its bottom edge; from 768 px the card stands beside the map. When tiles fail (offline, blocked),
 * a notice says so and the markers keep working.
 */
export function SearchMap({
  filters,
  user,
  enabled = true,
  geolocation,
  onSearchAround,
}: {
  filters: Filters;
  user: Position | null;
  enabled?: boolean;
  geolocation: ReturnType<typeof useGeolocation>;
  onSearchAround: (centre: Position, radiusKm: number, address: string) => void;
}) {
  const { t } = useTranslation();
  const [map, setMap] = useState<L.Map | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [spread, setSpread] = useState<Spread | null>(null);
  const [listIds, setListIds] = useState<number[] | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  // On a phone the map takes the screen under the search's header, whatever stands above it.
  const frameRef = useRef<HTMLDivElement>(null);
  const phoneHeight = useHeightToScreenBottom(frameRef, `${tilesFailed}|${filtersKey(filters)}`);
  useEffect(() => {
    // Leaflet measures its box only on window resizes: told when the box itself changes.
    map?.invalidateSize();
  }, [map, phoneHeight]);
  const query = useMapPoints(filters, user, enabled);
  const points = useMemo(() => query.data?.points ?? [], [query.data]);
  const selectedIndex = points.findIndex((point) => point.id === selectedId);
  const selected = selectedIndex >= 0 ? points[selectedIndex]! : null;
  const listed = listIds
    ? listIds.flatMap((id) => points.filter((point) => point.id === id))
    : null;
  const locateUnavailable = geolocation.status === 'unavailable';

  /** `inPlace`: chosen where it stands (a spread marker, a list): the map stays still. */
  function select(point: MapPoint, inPlace = false) {
    setSelectedId(point.id);
    setListIds(null);
    if (!map || inPlace) return;
    const zoom = Math.max(map.getZoom(), SELECTED_ZOOM);
    map.setView([point.latitude, point.longitude], zoom);
  }

  function step(delta: number) {
    if (points.length === 0) return;
    const from = selectedIndex < 0 ? 0 : selectedIndex;
    setSpread(null);
    select(points[(from + delta + points.length) % points.length]!);
  }

  async function centreOnMe() {
    const position = await geolocation.refresh();
    if (position && map) map.setView([position.latitude, position.longitude], DEFAULT_ZOOM);
  }

  async function searchAroundCentre() {
    if (!map) return;
    const centre = map.getCenter();
    const corner = map.getBounds().getNorthEast();
    const radius = Math.round(
      distanceKm(
        { latitude: centre.lat, longitude: centre.lng },
        { latitude: corner.lat, longitude: corner.lng },
      ),
    );
    const radiusKm = Math.min(LOCATION_RADIUS_MAX_KM, Math.max(LOCATION_RADIUS_MIN_KM, radius));
    const place = await reversePlace(centre.lat, centre.lng).catch(() => []);
    onSearchAround(
      { latitude: centre.lat, longitude: centre.lng },
      radiusKm,
      place[0]?.label ?? t('map.centre'),
    );
  }

  // Frame the results once they arrive (at most zoom 14); without any, Toulouse at zoom 14.
  const framedFor = useRef<string | null>(null);
  const resultsKey = query.data ? JSON.stringify(points.map((point) => point.id)) : null;
  useEffect(() => {
    if (!map || resultsKey === null || framedFor.current === resultsKey) return;
    framedFor.current = resultsKey;
    const latLngs = points.map((point) => [point.latitude, point.longitude] as [number, number]);
    if (latLngs.length > 0) map.fitBounds(latLngs, { maxZoom: DEFAULT_ZOOM, padding: [40, 40] });
  }, [map, resultsKey, points]);

  const panel = listed ? (
    <section
      aria-labelledby="map-place-list-title"
      className="flex max-h-[45dvh] flex-col gap-2 overflow-hidden rounded-2xl bg-white p-3 shadow-lg md:max-h-[60dvh] md:shadow-none"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="map-place-list-title" className="text-base font-semibold text-night-900">
          {t('map.placeList', { count: listed.length })}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('map.close')}
          onClick={() => setListIds(null)}
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <ul className="flex flex-col divide-y divide-night-100 overflow-y-auto">
        {listed.map((point) => (
          <li key={point.id}>
            <MapCard point={point} />
          </li>
        ))}
      </ul>
    </section>
  ) : selected ? (
    <section
      aria-label={t('map.selected')}
      aria-roledescription={t('map.carousel')}
      className="flex flex-col gap-1 rounded-2xl bg-white p-2 shadow-lg md:p-3 md:shadow-none"
    >
      <MapCard point={selected} headingLevel={2} />
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="icon" onClick={() => step(-1)} aria-label={t('map.previous')}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {t('map.position', { index: selectedIndex + 1, count: points.length })}
        </p>
        <Button variant="ghost" size="icon" onClick={() => step(1)} aria-label={t('map.next')}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </section>
  ) : points.length > 0 ? (
    <div className="flex items-center justify-between gap-2 rounded-2xl bg-white px-3 py-2 shadow-lg md:shadow-none">
      <p className="min-w-0 text-sm text-slate-700">
        {t(query.data?.isCapped ? 'map.countCapped' : 'map.count', {
          count: points.length,
          cap: MAP_POINTS_CAP,
        })}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => step(0)}
        className="shrink-0 whitespace-nowrap"
      >
        {t('map.first')}
      </Button>
    </div>
  ) : query.isSuccess ? (
    <p className="rounded-2xl bg-white px-3 py-2 text-sm text-slate-700 shadow-lg md:shadow-none">
      {t('map.noMarker')}
    </p>
  ) : null;

  return (
    // isolate: Leaflet's panes (z-index up to 1000) stay under the app's modals.
    <div className="relative isolate -mx-4 md:mx-0 md:grid md:grid-cols-[minmax(0,1fr)_22rem] md:items-start md:gap-4">
      {tilesFailed ? (
        // Above the map, not over its controls: the markers below keep working.
        <p
          role="status"
          className="bg-amber-50 px-4 py-1.5 text-xs text-night-900 md:col-span-2 md:rounded-lg"
        >
          {t('map.tilesFailed')}
        </p>
      ) : null}
      <div
        ref={frameRef}
        className="relative h-[calc(100dvh-21rem)] min-h-80 w-full overflow-hidden bg-night-100 md:h-[70dvh] md:rounded-xl md:border md:border-night-200"
        style={phoneHeight === null ? undefined : { height: phoneHeight }}
        data-testid="search-map"
        aria-busy={query.isPending}
      >
        <MapContainer
          center={DEFAULT_CENTRE}
          zoom={DEFAULT_ZOOM}
          className="size-full"
          scrollWheelZoom
          aria-label={t('map.label')}
        >
          <TileLayer
            url={TILE_URL}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
            eventHandlers={{
              tileerror: () => setTilesFailed(true),
              tileload: () => setTilesFailed(false),
            }}
          />
          <ViewportTracker
            onChange={setViewport}
            onMap={setMap}
            onBackgroundClick={() => setSpread(null)}
          />
          <TheftMarkers
            points={points}
            viewport={viewport}
            selectedId={selectedId}
            spread={spread}
            onSpread={setSpread}
            onList={setListIds}
            onSelect={(point) => select(point, true)}
          />
          <PoliceMarkers viewport={viewport} />
        </MapContainer>
        {query.isPending && enabled ? (
          <Skeleton className="absolute inset-x-0 top-0 z-[1000] h-1 rounded-none" />
        ) : null}
        <div className="absolute top-[5.5rem] left-2.5 z-[1000]">
          <MapLegend />
        </div>
        <div className="absolute top-2 right-2 z-[1000] flex flex-col items-end gap-2">
          <span className="group relative inline-flex">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void centreOnMe()}
              disabled={locateUnavailable}
              aria-describedby={locateUnavailable ? 'locate-unavailable' : undefined}
              className="shadow-md"
            >
              <LocateFixed aria-hidden="true" className="size-4" />
              {t('map.locate')}
            </Button>
            {locateUnavailable ? (
              <span
                id="locate-unavailable"
                role="tooltip"
                className="pointer-events-none absolute top-full right-0 z-[1000] mt-1 hidden w-56 rounded-md bg-night-900 px-2 py-1 text-xs text-white group-focus-within:block group-hover:block"
              >
                {t('map.locate.unavailable')}
              </span>
            ) : null}
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void searchAroundCentre()}
            className="shadow-md"
          >
            <ScanSearch aria-hidden="true" className="size-4" />
            {t('map.searchAround')}
          </Button>
        </div>
      </div>
      {panel ? (
        <div
          className={cn(
            // Phone: a card risen over the map's bottom edge, above the map's credits (the
            // OpenStreetMap licence asks that they stay visible); desktop: beside the map.
            'absolute inset-x-2 bottom-6 z-[1000] md:static md:inset-auto md:z-auto',
          )}
        >
          {panel}
        </div>
      ) : null}
    </div>
  );
}
