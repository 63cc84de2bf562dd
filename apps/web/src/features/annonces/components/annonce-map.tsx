import 'leaflet/dist/leaflet.css';
import type { SightingPosition } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';

/** Configurable at build time; OpenStreetMap by default. Without network only the zone shows. */
const TILE_URL =
  (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ||
  'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** §9: a 1000 m theft zone at zoom 14. */
export const THEFT_ZONE_RADIUS_M = 1000;
export const DETAIL_MAP_ZOOM = 14;

/**
 * The theft zone: a circle (never the exact point for others: the server rounds it), and for the
 * owner the place the vehicle was last seen.
 */
export default function AnnonceMap({
  latitude,
  longitude,
  sighting = null,
}: {
  latitude: number;
  longitude: number;
  sighting?: SightingPosition | null;
}) {
  const { t } = useTranslation();
  const center: [number, number] = [latitude, longitude];
  return (
    <div
      role="img"
      aria-label={t('annonceShow.map.label')}
      className="h-72 w-full overflow-hidden rounded-xl border border-night-100 md:h-96"
    >
      <MapContainer
        center={center}
        zoom={DETAIL_MAP_ZOOM}
        scrollWheelZoom={false}
        className="size-full"
        attributionControl
      >
        <TileLayer url={TILE_URL} attribution={ATTRIBUTION} />
        <Circle
          center={center}
          radius={THEFT_ZONE_RADIUS_M}
          pathOptions={{ color: '#d98a0b', fillColor: '#f5a524', fillOpacity: 0.25 }}
        />
        <CircleMarker
          center={center}
          radius={7}
          pathOptions={{ color: '#0f1b2d', fillColor: '#0f1b2d', fillOpacity: 1 }}
        />
        {sighting ? (
          <CircleMarker
            center={[sighting.latitude, sighting.longitude]}
            radius={9}
            pathOptions={{ color: '#b91c1c', fillColor: '#ef4444', fillOpacity: 0.9 }}
          >
            <Tooltip>{t('annonceShow.map.lastSeen')}</Tooltip>
          </CircleMarker>
        ) : null}
      </MapContainer>
    </div>
  );
}
