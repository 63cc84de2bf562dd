import type { DemoColor, DemoVehicleKind } from './demo-vehicles';
import { createRandom, seedFrom } from './random';

/**
 * Demo vehicle photos, drawn rather than shipped: a side view of the vehicle in its colour on a
 * Toulouse-like scene. No text and a blank plate, as the app advises owners (docs/product/annonces.md §5 tip).
 */
export const DEMO_PHOTO_WIDTH = 1200;
export const DEMO_PHOTO_HEIGHT = 800;
export const DEMO_SCENES = ['street', 'parking', 'park'] as const;
export type DemoScene = (typeof DEMO_SCENES)[number];
/** 0: side view; 1: the other side, further away; 2: a closer look at the front. */
export type DemoView = 0 | 1 | 2;

const PAINT: Record<DemoColor, string> = {
  UNDEFINED: '#8c8f94',
  SILVER: '#c3c8ce',
  BEIGE: '#d8c6a3',
  WHITE: '#f3f3f0',
  BLUE: '#2a5aa8',
  BURGUNDY: '#7a1f2e',
  GREY: '#6e7379',
  IVORY: '#efe6cc',
  YELLOW: '#f0c419',
  BROWN: '#6b4a2f',
  BLACK: '#1e1f22',
  ORANGE: '#e8741d',
  PINK: '#e48fb1',
  RED: '#c62828',
  GREEN: '#2e7d43',
  PURPLE: '#6a3d9a',
};

/** Mixes a colour towards black (negative amount) or white (positive amount). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const target = amount < 0 ? 0 : 255;
    return Math.round(channel + (target - channel) * Math.abs(amount));
  });
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

const GLASS = '#9db6c8';
const TYRE = '#1b1c1e';

function carWheel(cx: number, radius: number): string {
  return `<circle cx="${cx}" cy="${-radius}" r="${radius}" fill="${TYRE}"/>
    <circle cx="${cx}" cy="${-radius}" r="${radius * 0.55}" fill="#a4a9ae"/>
    <circle cx="${cx}" cy="${-radius}" r="${radius * 0.42}" fill="none" stroke="#7d8287" stroke-width="4" stroke-dasharray="10 8"/>
    <circle cx="${cx}" cy="${-radius}" r="${radius * 0.14}" fill="#55595e"/>`;
}

function spokedWheel(cx: number, radius: number, tyre: number): string {
  const spokes = Array.from({ length: 12 }, (_, index) => {
    const angle = (index * Math.PI) / 6;
    const x = cx + Math.cos(angle) * (radius - tyre);
    const y = -radius + Math.sin(angle) * (radius - tyre);
    return `<line x1="${cx}" y1="${-radius}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#9aa0a5" stroke-width="2"/>`;
  }).join('');
  return `<circle cx="${cx}" cy="${-radius}" r="${radius - tyre / 2}" fill="none" stroke="${TYRE}" stroke-width="${tyre}"/>
    <circle cx="${cx}" cy="${-radius}" r="${radius - tyre - 3}" fill="none" stroke="#b9bec3" stroke-width="4"/>
    ${spokes}<circle cx="${cx}" cy="${-radius}" r="9" fill="#6f7479"/>`;
}

/** Each drawing sits on y = 0 (the ground) and spans x = 0..width, facing right. */
function vehicleDrawing(kind: DemoVehicleKind, paint: string): { width: number; svg: string } {
  const dark = shade(paint, -0.35);
  const light = shade(paint, 0.35);
  const shadow = (width: number) =>
    `<ellipse cx="${width / 2}" cy="2" rx="${width * 0.52}" ry="16" fill="#000" opacity="0.28"/>`;

  switch (kind) {
    case 'CAR':
      return {
        width: 720,
        svg: `${shadow(720)}
          <path d="M22 -62 L24 -128 Q32 -158 92 -166 L205 -176 L292 -246 Q312 -262 352 -262 L498 -262 Q540 -259 570 -236 L642 -178 Q700 -170 706 -138 L712 -64 Q708 -40 682 -40 L44 -40 Q22 -40 22 -62 Z" fill="${paint}" stroke="${dark}" stroke-width="3"/>
          <path d="M24 -96 L712 -96 L712 -64 Q708 -40 682 -40 L44 -40 Q22 -40 24 -62 Z" fill="${dark}" opacity="0.45"/>
          <path d="M40 -150 L690 -150" stroke="${light}" stroke-width="6" opacity="0.6"/>
          <path d="M238 -184 L306 -240 Q318 -250 350 -250 L438 -250 L438 -184 Z" fill="${GLASS}"/>
          <path d="M454 -250 L496 -250 Q528 -248 552 -230 L610 -184 L454 -184 Z" fill="${GLASS}"/>
          <path d="M446 -250 L446 -60 M300 -184 L300 -60" stroke="${dark}" stroke-width="3"/>
          <rect x="330" y="-150" width="34" height="8" rx="3" fill="${dark}"/>
          <rect x="488" y="-150" width="34" height="8" rx="3" fill="${dark}"/>
          <ellipse cx="690" cy="-130" rx="16" ry="10" fill="#fff6c8"/>
          <rect x="24" y="-140" width="14" height="26" rx="3" fill="#b71c1c"/>
          <rect x="700" y="-92" width="14" height="30" rx="2" fill="#f4f4f4" stroke="#cfd3d6"/>
          ${carWheel(150, 62)}${carWheel(580, 62)}`,
      };
    case 'UTILITY':
      return {
        width: 760,
        svg: `${shadow(760)}
          <path d="M20 -60 L20 -330 Q20 -346 38 -346 L548 -346 Q572 -346 590 -330 L690 -214 Q742 -206 748 -168 L752 -62 Q748 -40 724 -40 L42 -40 Q20 -40 20 -60 Z" fill="${paint}" stroke="${dark}" stroke-width="3"/>
          <path d="M20 -100 L752 -100 L752 -62 Q748 -40 724 -40 L42 -40 Q20 -40 20 -60 Z" fill="${dark}" opacity="0.45"/>
          <path d="M566 -320 L582 -320 L672 -216 L566 -216 Z" fill="${GLASS}"/>
          <path d="M556 -340 L556 -60 M300 -340 L300 -60" stroke="${dark}" stroke-width="3"/>
          <rect x="300" y="-200" width="40" height="8" rx="3" fill="${dark}"/>
          <ellipse cx="732" cy="-150" rx="14" ry="10" fill="#fff6c8"/>
          <rect x="22" y="-190" width="12" height="40" rx="3" fill="#b71c1c"/>
          <rect x="742" y="-96" width="12" height="30" rx="2" fill="#f4f4f4" stroke="#cfd3d6"/>
          ${carWheel(150, 64)}${carWheel(620, 64)}`,
      };
    case 'MOTORBIKE':
      return {
        width: 560,
        svg: `${shadow(560)}
          ${spokedWheel(105, 80, 18)}${spokedWheel(455, 80, 18)}
          <path d="M105 -80 L250 -150 L330 -150" stroke="#5c6166" stroke-width="12" fill="none"/>
          <path d="M455 -80 L400 -290" stroke="#9ea3a8" stroke-width="12"/>
          <rect x="235" y="-185" width="110" height="85" rx="14" fill="#4b4f54"/>
          <path d="M180 -120 L90 -110 L80 -96 L190 -100 Z" fill="#c9cdd1"/>
          <path d="M240 -230 Q300 -290 390 -262 L392 -208 L250 -196 Z" fill="${paint}" stroke="${dark}" stroke-width="3"/>
          <path d="M120 -218 L250 -226 L246 -200 L140 -196 Q112 -200 120 -218 Z" fill="#202124"/>
          <path d="M380 -300 Q440 -310 452 -250 L402 -232 Z" fill="${paint}" stroke="${dark}" stroke-width="3"/>
          <path d="M384 -300 L350 -332 L330 -330" stroke="#2a2b2e" stroke-width="8" fill="none"/>
          <ellipse cx="448" cy="-262" rx="10" ry="14" fill="#fff6c8"/>
          <path d="M70 -150 Q60 -120 90 -112" stroke="${light}" stroke-width="10" fill="none"/>
          <rect x="84" y="-176" width="30" height="20" rx="2" fill="#f4f4f4" stroke="#cfd3d6"/>`,
      };
    case 'SCOOTER':
      return {
        width: 520,
        svg: `${shadow(520)}
          ${carWheel(100, 52)}${carWheel(420, 52)}
          <path d="M40 -110 Q30 -200 120 -220 L250 -222 Q290 -200 280 -140 L330 -96 L250 -80 L80 -80 Q44 -82 40 -110 Z" fill="${paint}" stroke="${dark}" stroke-width="3"/>
          <path d="M250 -80 L370 -80 L420 -300 L388 -318 L352 -300 L330 -96 Z" fill="${paint}" stroke="${dark}" stroke-width="3"/>
          <path d="M420 -52 L400 -300" stroke="#9ea3a8" stroke-width="10"/>
          <path d="M100 -232 Q170 -262 250 -236 L246 -214 L110 -212 Z" fill="#202124"/>
          <path d="M392 -318 L380 -352 L350 -350" stroke="#2a2b2e" stroke-width="8" fill="none"/>
          <ellipse cx="414" cy="-290" rx="10" ry="14" fill="#fff6c8"/>
          <path d="M60 -150 L250 -160" stroke="${light}" stroke-width="5" opacity="0.7"/>
          <rect x="20" y="-170" width="26" height="20" rx="2" fill="#f4f4f4" stroke="#cfd3d6"/>`,
      };
    case 'BICYCLE':
    case 'ELECTRIC_BICYCLE': {
      const battery =
        kind === 'ELECTRIC_BICYCLE'
          ? `<rect x="-52" y="-20" width="104" height="40" rx="12" fill="#2b2d30" transform="translate(365 -205) rotate(-54)"/>
             <rect x="-40" y="-8" width="60" height="6" rx="3" fill="#5fd068" transform="translate(365 -205) rotate(-54)"/>
             <circle cx="300" cy="-108" r="26" fill="#3a3c40"/>`
          : '';
      return {
        width: 600,
        svg: `${shadow(600)}
          ${spokedWheel(115, 110, 14)}${spokedWheel(485, 110, 14)}
          <g stroke="${paint}" stroke-width="15" stroke-linecap="round" fill="none">
            <path d="M115 -110 L295 -110 L250 -300 Z"/>
            <path d="M250 -292 L430 -300 L295 -110"/>
            <path d="M430 -300 L485 -110"/>
            <path d="M430 -300 L420 -340"/>
          </g>
          <g stroke="${dark}" stroke-width="4" fill="none"><path d="M115 -110 L295 -110"/></g>
          ${battery}
          <circle cx="295" cy="-110" r="22" fill="none" stroke="#7c8186" stroke-width="6"/>
          <path d="M250 -300 L240 -336" stroke="#2a2b2e" stroke-width="10"/>
          <path d="M200 -342 Q240 -356 285 -342 L280 -330 L205 -332 Z" fill="#202124"/>
          <path d="M420 -340 L470 -346 Q488 -346 484 -330" stroke="#2a2b2e" stroke-width="9" fill="none" stroke-linecap="round"/>`,
      };
    }
  }
}

function scene(name: DemoScene, seed: string): { svg: string; ground: number } {
  const random = createRandom(seedFrom(seed));
  if (name === 'street') {
    // Pink-brick facades with painted shutters: the "ville rose".
    const bricks = ['#c9765c', '#d58a6c', '#b9654d', '#dd9b78', '#c98466'];
    const shutters = ['#5b7f95', '#7c9a6d', '#8b5e83', '#b04a3a', '#e2ddd0'];
    let facades = '';
    for (let x = -20; x < DEMO_PHOTO_WIDTH;) {
      const width = random.int(180, 320);
      const top = random.int(90, 210);
      const shutter = random.pick(shutters);
      facades += `<rect x="${x}" y="${top}" width="${width}" height="${570 - top}" fill="${random.pick(bricks)}"/>`;
      for (let wy = top + 40; wy < 470; wy += 110) {
        for (let wx = x + 30; wx + 50 < x + width; wx += 90) {
          facades += `<rect x="${wx}" y="${wy}" width="44" height="70" fill="#3c4650" opacity="0.85"/>
            <rect x="${wx - 14}" y="${wy}" width="12" height="70" fill="${shutter}"/>
            <rect x="${wx + 46}" y="${wy}" width="12" height="70" fill="${shutter}"/>`;
        }
      }
      x += width + random.int(0, 12);
    }
    return {
      ground: 700,
      svg: `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#86bff0"/><stop offset="1" stop-color="#e5f1fb"/></linearGradient></defs>
        <rect width="1200" height="800" fill="url(#sky)"/>${facades}
        <rect y="560" width="1200" height="50" fill="#b9b1a5"/><rect y="606" width="1200" height="8" fill="#8f8a83"/>
        <rect y="614" width="1200" height="186" fill="#575b60"/>
        <path d="M0 760 L1200 760" stroke="#e9e9e9" stroke-width="8" stroke-dasharray="70 50"/>`,
    };
  }
  if (name === 'parking') {
    let trees = '';
    for (let x = -40; x < DEMO_PHOTO_WIDTH + 40; x += random.int(70, 130)) {
      trees += `<circle cx="${x}" cy="${random.int(470, 520)}" r="${random.int(45, 80)}" fill="#2f4a3a"/>`;
    }
    let lines = '';
    for (let x = random.int(-60, 40); x < DEMO_PHOTO_WIDTH + 100; x += 260) {
      lines += `<path d="M${x} 800 L${x + 90} 600" stroke="#e8e8e8" stroke-width="7"/>`;
    }
    return {
      ground: 690,
      svg: `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#53508f"/><stop offset="0.6" stop-color="#e48a5a"/><stop offset="1" stop-color="#f7c98b"/></linearGradient></defs>
        <rect width="1200" height="800" fill="url(#sky)"/>${trees}
        <rect y="540" width="1200" height="40" fill="#3e4a44"/>
        <rect y="580" width="1200" height="220" fill="#45484c"/>${lines}
        <rect x="${random.int(100, 900)}" y="300" width="10" height="280" fill="#2c2e31"/>`,
    };
  }
  let planes = '';
  for (let x = random.int(0, 120); x < DEMO_PHOTO_WIDTH; x += random.int(220, 360)) {
    planes += `<rect x="${x - 10}" y="420" width="20" height="180" fill="#6d5a45"/>
      <circle cx="${x}" cy="${random.int(360, 400)}" r="${random.int(80, 110)}" fill="#4f8a3c"/>
      <circle cx="${x + 40}" cy="${random.int(390, 420)}" r="${random.int(60, 80)}" fill="#5f9c48"/>`;
  }
  return {
    ground: 680,
    svg: `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#a9d4f5"/><stop offset="1" stop-color="#f3f8fc"/></linearGradient></defs>
      <rect width="1200" height="800" fill="url(#sky)"/>
      <circle cx="${random.int(150, 1050)}" cy="120" r="55" fill="#fff3c4"/>
      <path d="M0 520 Q300 430 600 500 T1200 480 L1200 800 L0 800 Z" fill="#8bbf6a"/>${planes}
      <rect y="600" width="1200" height="200" fill="#d8c7a0"/>
      <path d="M0 600 L1200 600" stroke="#b8a67f" stroke-width="6"/>`,
  };
}

/** The SVG of one demo photo; the same arguments always give the same picture. */
export function demoPhotoSvg(
  kind: DemoVehicleKind,
  color: DemoColor,
  sceneName: DemoScene,
  view: DemoView,
): string {
  const background = scene(sceneName, `${sceneName}:${view}`);
  const vehicle = vehicleDrawing(kind, PAINT[color]);
  const scale = view === 0 ? 1.2 : view === 1 ? 0.95 : 1.9;
  const width = vehicle.width * scale;
  let transform: string;
  if (view === 1) {
    // Seen from the other side: mirrored, a little to the right.
    transform = `translate(${660 + width / 2} ${background.ground - 20}) scale(${-scale} ${scale})`;
  } else if (view === 2) {
    // Closer: the front half fills the frame.
    transform = `translate(${600 - width * 0.72} ${background.ground + 60}) scale(${scale})`;
  } else {
    transform = `translate(${600 - width / 2} ${background.ground}) scale(${scale})`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT}" viewBox="0 0 1200 800">
    ${background.svg}
    <g transform="${transform}">${vehicle.svg}</g>
  </svg>`;
}
