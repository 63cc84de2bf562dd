import type { PoliceStationKind } from '@app/domain';
import type { Db } from '../../db/database';
import { upsertPoliceStations } from './import-police-stations';

type DemoStation = [
  kind: PoliceStationKind,
  name: string,
  street: string,
  postalCode: string,
  city: string,
  inseeCode: string,
  latitude: number,
  longitude: number,
];

/**
 * Demo stations around Toulouse, where the map opens (docs/product/discovery.md §2). Made up for the demo: every
 * name ends with "(démo)", phone numbers are in the range ARCEP keeps for fiction (05 36 49 xx xx),
 * and the rows carry is_demo so they are never shown when DEMO_DATA is off.
 */
// prettier-ignore
const DEMO_STATIONS: readonly DemoStation[] = [
  ['commissariat', 'Commissariat de Toulouse Centre (démo)', 'Place du Capitole', '31000', 'Toulouse', '31555', 43.6043, 1.4437],
  ['commissariat', 'Bureau de police de Toulouse Mirail (démo)', 'Avenue de Reynerie', '31100', 'Toulouse', '31555', 43.5733, 1.4018],
  ['commissariat', 'Bureau de police de Toulouse Rangueil (démo)', 'Avenue de Rangueil', '31400', 'Toulouse', '31555', 43.5752, 1.4573],
  ['commissariat', 'Bureau de police de Toulouse Minimes (démo)', 'Avenue des Minimes', '31200', 'Toulouse', '31555', 43.6229, 1.4338],
  ['commissariat', 'Bureau de police de Toulouse Saint-Cyprien (démo)', 'Place Olivier', '31300', 'Toulouse', '31555', 43.5979, 1.4304],
  ['commissariat', 'Bureau de police de Toulouse Jolimont (démo)', 'Avenue de la Gloire', '31500', 'Toulouse', '31555', 43.6112, 1.4648],
  ['commissariat', 'Commissariat de Blagnac (démo)', 'Avenue du Général de Gaulle', '31700', 'Blagnac', '31069', 43.6371, 1.3897],
  ['commissariat', 'Commissariat de Colomiers (démo)', 'Allée du Rouergue', '31770', 'Colomiers', '31149', 43.6113, 1.3352],
  ['gendarmerie', 'Brigade de gendarmerie de Balma (démo)', 'Avenue de la Plaine', '31130', 'Balma', '31044', 43.6108, 1.4992],
  ['gendarmerie', 'Brigade de gendarmerie de Castanet-Tolosan (démo)', 'Avenue de Toulouse', '31320', 'Castanet-Tolosan', '31113', 43.5158, 1.4987],
  ['gendarmerie', "Brigade de gendarmerie de L'Union (démo)", 'Avenue des Pyrénées', '31240', "L'Union", '31561', 43.6578, 1.4838],
  ['gendarmerie', 'Brigade de gendarmerie de Muret (démo)', 'Avenue Vincent Auriol', '31600', 'Muret', '31395', 43.4612, 1.3268],
];

export const DEMO_POLICE_STATION_COUNT = DEMO_STATIONS.length;

const DEMO_OPENING_HOURS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi']
  .map((day) => `${day} 08:00-12:00, 14:00-18:00`)
  .join('; ');

/** Upserts the demo stations (idempotent: keys "demo-toulouse-NN"); called by the demo seed. */
export async function seedDemoPoliceStations(db: Db) {
  return upsertPoliceStations(
    db,
    DEMO_STATIONS.map(
      ([kind, name, street, postalCode, city, inseeCode, latitude, longitude], index) => {
        const number = String(index + 1).padStart(2, '0');
        return {
          kind,
          sourceKey: `demo-toulouse-${number}`,
          name,
          address: `${street}, ${postalCode} ${city}`,
          postalCode,
          city,
          inseeCode,
          departmentCode: '31',
          phoneNumber: `+33 5 36 49 00 ${number}`,
          latitude,
          longitude,
          openingHours: DEMO_OPENING_HOURS,
          url: null,
          isDemo: true,
        };
      },
    ),
  );
}
