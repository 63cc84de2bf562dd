import 'leaflet/dist/leaflet.css';
import {
  LOCATION_RADIUS_MAX_KM,
  LOCATION_RADIUS_MIN_KM,
  distanceKm,
  type DiscoveryCard,
  type PoliceStation,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import type L from 'leaflet';
import { ChevronLeft, ChevronRight, LocateFixed, ScanSearch } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { AnnonceCard } from '@/components/annonce-card/annonce-card';
import { Button } from '@/components/ui/button';
import { getPoliceStationsInBounds, reversePlace, type Position } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import type { useGeolocation } from '../hooks/use-geolocation';
import { useReverseAddress } from '../hooks/use-reverse-address';
import type { useSearchAnnonces } from '../hooks/use-search-annonces';
import { buildClusterIndex, CLUSTER_MAX_ZOOM, clustersIn } from '../lib/clusters';
import { clusterIcon, markerIcon } from '../lib/map-icons';

/** discovery.md §2 and §9. */
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

function viewportOf(map: L.Map): Viewport {
  return { zoom: map.getZoom(), bounds: map.getBounds() };
}

/** Follows the map's moves; gives the map itself to the controls outside it. */
function ViewportTracker({
  onChange,
  onMap,
}: {
  onChange: (viewport: Viewport) => void;
  onMap: (map: L.Map) => void;
}) {
  const map = useMapEvents({
    moveend: () => onChange(viewportOf(map)),
    zoomend: () => onChange(viewportOf(map)),
  });
  useEffect(() => {
    onMap(map);
    onChange(viewportOf(map));
  }, [map, onChange, onMap]);
  return null;
}

function TheftMarkers({
  annonces,
  viewport,
  selectedId,
  onSelect,
}: {
  annonces: readonly DiscoveryCard[];
  viewport: Viewport | null;
  selectedId: number | null;
  onSelect: (annonce: DiscoveryCard) => void;
}) {
  const { t } = useTranslation();
  const map = useMap();
  const located = useMemo(
    () =>
      annonces.flatMap((annonce) =>
        annonce.latitude !== null && annonce.longitude !== null
          ? [{ id: annonce.id, latitude: annonce.latitude, longitude: annonce.longitude }]
          : [],
      ),
    [annonces],
  );
  const index = useMemo(() => buildClusterIndex(located), [located]);
  if (!viewport) return null;
  const bounds = viewport.bounds;
  const features = clustersIn(
    index,
    [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    viewport.zoom,
  );
  const byId = new Map(annonces.map((annonce) => [annonce.id, annonce]));
  return (
    <>
      {features.map((feature) =>
        feature.kind === 'cluster' ? (
          <Marker
            key={`cluster-${feature.id}`}
            position={[feature.latitude, feature.longitude]}
            icon={clusterIcon(feature.count)}
            title={t('map.cluster', { count: feature.count })}
            alt={t('map.cluster', { count: feature.count })}
            eventHandlers={{
              click: () =>
                map.setView(
                  [feature.latitude, feature.longitude],
                  Math.min(index.getClusterExpansionZoom(feature.id), CLUSTER_MAX_ZOOM + 1),
                ),
            }}
          />
        ) : (
          <Marker
            key={`annonce-${feature.id}`}
            position={[feature.latitude, feature.longitude]}
            icon={markerIcon('THEFT_LOCATION', feature.id === selectedId)}
            title={byId.get(feature.id)?.title ?? ''}
            alt={t('map.theftMarker', { title: byId.get(feature.id)?.title ?? '' })}
            zIndexOffset={feature.id === selectedId ? 1000 : 0}
            eventHandlers={{
              click: () => {
                const annonce = byId.get(feature.id);
                if (annonce) onSelect(annonce);
              },
            }}
          />
        ),
      )}
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

function SelectedAddress({ annonce }: { annonce: DiscoveryCard }) {
  const { t } = useTranslation();
  const address = useReverseAddress(annonce.address, annonce.latitude, annonce.longitude);
  if (!address) return null;
  return (
    <p className="text-sm text-night-800">
      <span className="font-medium">{t('map.theftPlace')} </span>
      {address}
    </p>
  );
}

/**
 * The map view (discovery.md §2): theft markers clustered up to zoom 16, police stations above
 * zoom 15, centre-on-me, search around the map centre, and the selected listing with previous /
 * next. Without network the tiles fail but the markers and clusters still show.
 */
export function SearchMap({
  search,
  geolocation,
  onSearchAround,
}: {
  search: ReturnType<typeof useSearchAnnonces>;
  geolocation: ReturnType<typeof useGeolocation>;
  onSearchAround: (centre: Position, radiusKm: number, address: string) => void;
}) {
  const { t } = useTranslation();
  const [map, setMap] = useState<L.Map | null>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const located = search.annonces.filter(
    (annonce) => annonce.latitude !== null && annonce.longitude !== null,
  );
  const selectedIndex = located.findIndex((annonce) => annonce.id === selectedId);
  const selected = selectedIndex >= 0 ? located[selectedIndex] : null;
  const locateUnavailable = geolocation.status === 'unavailable';

  function select(annonce: DiscoveryCard) {
    setSelectedId(annonce.id);
    if (map && annonce.latitude !== null && annonce.longitude !== null) {
      map.setView([annonce.latitude, annonce.longitude], Math.max(map.getZoom(), SELECTED_ZOOM));
    }
  }

  function step(delta: number) {
    if (located.length === 0) return;
    const from = selectedIndex < 0 ? 0 : selectedIndex;
    select(located[(from + delta + located.length) % located.length]!);
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
  const resultsKey = search.query.data?.pages[0]
    ? JSON.stringify(search.query.data.pages[0].annonces.map((annonce) => annonce.id))
    : null;
  useEffect(() => {
    if (!map || resultsKey === null || framedFor.current === resultsKey) return;
    framedFor.current = resultsKey;
    const points = located.map(
      (annonce) => [annonce.latitude!, annonce.longitude!] as [number, number],
    );
    if (points.length > 0) map.fitBounds(points, { maxZoom: DEFAULT_ZOOM, padding: [40, 40] });
  }, [map, resultsKey, located]);

  return (
    <div className="flex flex-col gap-3 md:grid md:grid-cols-[minmax(0,1fr)_20rem] md:items-start md:gap-4">
      <div
        // isolate: Leaflet's panes (z-index up to 1000) stay under the app's modals.
        className="relative isolate h-[60dvh] min-h-80 w-full overflow-hidden rounded-xl border border-night-200 bg-night-100"
        data-testid="search-map"
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
          />
          <ViewportTracker onChange={setViewport} onMap={setMap} />
          <TheftMarkers
            annonces={search.annonces}
            viewport={viewport}
            selectedId={selectedId}
            onSelect={select}
          />
          <PoliceMarkers viewport={viewport} />
        </MapContainer>
        <div className="absolute top-2 right-2 z-[1000] flex flex-col items-end gap-2">
          <span className="group relative inline-flex">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void centreOnMe()}
              disabled={locateUnavailable}
              aria-describedby={locateUnavailable ? 'locate-unavailable' : undefined}
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
          <Button variant="secondary" size="sm" onClick={() => void searchAroundCentre()}>
            <ScanSearch aria-hidden="true" className="size-4" />
            {t('map.searchAround')}
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-3">
        {search.query.hasNextPage ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={search.query.isFetchingNextPage}
            onClick={() => void search.query.fetchNextPage()}
          >
            {t('map.loadMore', { count: search.annonces.length })}
          </Button>
        ) : null}
        {located.length === 0 && !search.query.isPending ? (
          <p className="text-sm text-slate-600">{t('map.noMarker')}</p>
        ) : null}
        {selected ? (
          <section
            aria-label={t('map.selected')}
            aria-roledescription={t('map.carousel')}
            className="flex flex-col gap-2"
          >
            <div className="flex items-center justify-between gap-2">
              <Button
                variant="secondary"
                size="icon"
                onClick={() => step(-1)}
                aria-label={t('map.previous')}
              >
                <ChevronLeft aria-hidden="true" className="size-5" />
              </Button>
              <p className="text-sm text-slate-600" aria-live="polite">
                {t('map.position', { index: selectedIndex + 1, count: located.length })}
              </p>
              <Button
                variant="secondary"
                size="icon"
                onClick={() => step(1)}
                aria-label={t('map.next')}
              >
                <ChevronRight aria-hidden="true" className="size-5" />
              </Button>
            </div>
            <AnnonceCard annonce={selected} headingLevel={2} />
            <SelectedAddress annonce={selected} />
          </section>
        ) : located.length > 0 ? (
          <div className="flex items-center gap-2">
            <p className="text-sm text-slate-600">{t('map.pickMarker')}</p>
            <Button variant="ghost" size="sm" onClick={() => step(0)}>
              {t('map.first')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
