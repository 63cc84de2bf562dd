import type { DemoVehicleKind } from './demo-vehicles';
import type { Random } from './random';

/** How an owner names the vehicle in a sentence, with the agreement of "volé(e)". */
const SUBJECTS: Record<DemoVehicleKind, { subject: string; stolen: string }> = {
  CAR: { subject: 'Ma voiture', stolen: 'a été volée' },
  UTILITY: { subject: 'Mon utilitaire', stolen: 'a été volé' },
  MOTORBIKE: { subject: 'Ma moto', stolen: 'a été volée' },
  SCOOTER: { subject: 'Mon scooter', stolen: 'a été volé' },
  BICYCLE: { subject: 'Mon vélo', stolen: 'a été volé' },
  ELECTRIC_BICYCLE: { subject: 'Mon vélo électrique', stolen: 'a été volé' },
};

const WHEN = [
  'dans la nuit de samedi à dimanche',
  'dans la nuit de mardi à mercredi',
  'en pleine journée',
  'entre 19 h et 7 h du matin',
  'pendant que j’étais au travail',
  'tôt ce matin, vers 6 h',
  'pendant le week-end',
  'en fin d’après-midi',
  'pendant mes vacances',
] as const;

const WHERE: Record<'motor' | 'bicycle', readonly string[]> = {
  motor: [
    'devant mon domicile',
    'sur le parking de la résidence',
    'dans la rue, à deux pas de chez moi',
    'sur le parking du supermarché',
    'dans le parking souterrain de mon immeuble',
    'près de la station de métro',
    'sur le parking de mon travail',
  ],
  bicycle: [
    'attaché à un arceau devant la gare',
    'dans le local à vélos de mon immeuble',
    'devant la médiathèque',
    'attaché devant mon travail',
    'dans la cour de la résidence',
    'sur le parvis de la fac',
    'devant la boulangerie, en cinq minutes à peine',
  ],
};

const DETAILS: Record<'motor' | 'bicycle', readonly string[]> = {
  motor: [
    'Les voisins n’ont rien entendu.',
    'Il y avait des traces d’effraction sur la serrure.',
    'Le véhicule était fermé à clé et j’ai toujours les deux clés.',
    'Plainte déposée au commissariat le jour même.',
    'Une caméra du quartier a peut-être filmé la scène.',
    'Des débris de verre étaient encore sur le trottoir.',
  ],
  bicycle: [
    'Le cadenas a été coupé et laissé sur place.',
    'Il était attaché avec un antivol en U, retrouvé scié.',
    'Plainte déposée au commissariat.',
    'Le local était pourtant fermé par un digicode.',
    'Un témoin a vu deux personnes partir avec une camionnette blanche.',
  ],
};

const APPEALS = [
  'Merci de me contacter si vous le voyez !',
  'Toute information est la bienvenue.',
  'Merci d’avance pour votre aide.',
  'Ouvrez l’œil, merci !',
  'J’en ai besoin tous les jours pour aller travailler.',
] as const;

const MARKS: Record<DemoVehicleKind, readonly string[]> = {
  CAR: [
    'Rayure sur la portière arrière droite.',
    'Autocollant du Stade toulousain sur la lunette arrière.',
    'Jantes noires, petit choc sur le pare-chocs avant.',
    'Barres de toit et attelage.',
    'Siège enfant à l’arrière, pare-soleil avec des dessins.',
  ],
  UTILITY: [
    'Galerie de toit et échelle, logo de l’entreprise retiré.',
    'Rayures sur le flanc gauche, porte latérale coulissante.',
    'Aménagement intérieur en bois pour les outils.',
  ],
  MOTORBIKE: [
    'Top case noir et poignées chauffantes.',
    'Rétroviseur gauche fissuré.',
    'Pot d’échappement d’origine remplacé, sabot moteur.',
  ],
  SCOOTER: [
    'Top case noir, tablier légèrement rayé.',
    'Pare-brise haut et manchons d’hiver.',
    'Autocollant sur la face avant.',
  ],
  BICYCLE: [
    'Panier en osier à l’avant.',
    'Garde-boue dépareillés, selle en cuir marron.',
    'Siège enfant à l’arrière.',
    'Sonnette jaune et autocollants sur le cadre.',
    'Porte-bagages avec deux sacoches rouges.',
  ],
  ELECTRIC_BICYCLE: [
    'Batterie sur le porte-bagages, écran au guidon.',
    'Siège enfant à l’arrière et sacoche noire.',
    'Pneus à flancs beiges, garde-boue noirs.',
  ],
};

function family(kind: DemoVehicleKind): 'motor' | 'bicycle' {
  return kind === 'BICYCLE' || kind === 'ELECTRIC_BICYCLE' ? 'bicycle' : 'motor';
}

/** A short robbery context as owners write it: when, where, what was seen, a call for help. */
export function robberyDescription(random: Random, kind: DemoVehicleKind, city: string): string {
  const { subject, stolen } = SUBJECTS[kind];
  const group = family(kind);
  return [
    `${subject} ${stolen} ${random.pick(WHEN)} ${random.pick(WHERE[group])}, à ${city}.`,
    random.pick(DETAILS[group]),
    random.pick(APPEALS),
  ].join(' ');
}

/** What tells this vehicle apart on the photos. */
export function vehicleMarks(random: Random, kind: DemoVehicleKind): string {
  return random.pick(MARKS[kind]);
}
