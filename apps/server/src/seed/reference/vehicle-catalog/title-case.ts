/**
 * Title Case for the upper-case names of the US make/model list, keeping what must stay upper
 * case. Each run of letters and digits is one token:
 * - a token with a digit is a model code and stays as it is ("CBR600RR", "ZX-10R", "F4"), except a
 *   final injection "I" after a digit, written lower case as makers do ("300i", "F4i");
 * - a letters-only token stays upper case when it is a known acronym, has at most two letters
 *   ("GT", "RR", "S") or has no vowel ("GSX", "KTM", "SMR"); otherwise it is capitalised.
 */
const ACRONYMS = new Set([
  'ABS',
  'ADV',
  'AMG',
  'APRC',
  'BMW',
  'CVO',
  'DCT',
  'DLX',
  'EAS',
  'EFI',
  'ETV',
  'EXC',
  'MXC',
  'SBK',
  'SXC',
  'SMC',
  'SMR',
  'SMS',
  'SMX',
  'SMM',
  'TMAX',
  'XMAX',
  'NMAX',
  'KTM',
  'DOHC',
  'ATV',
  'SUV',
  'III',
  'IV',
  'VI',
  'VII',
  'VIII',
  'IX',
  'XI',
  'XII',
]);

/** A vowel, or a Y that is not the first letter ("FLY" is a word, "YZF" a code). */
function hasVowel(word: string): boolean {
  return /[AEIOU]/.test(word) || /.Y/.test(word);
}

function titleToken(token: string): string {
  if (/\d/.test(token)) {
    // "30TH" → "30th"; "300I" → "300i"
    return token
      .replace(/^(\d+)(ST|ND|RD|TH)$/, (_m, n: string, s: string) => n + s.toLowerCase())
      .replace(/(\d)I$/, '$1i');
  }
  const upper = token.toUpperCase();
  if (ACRONYMS.has(upper) || upper.length <= 2 || !hasVowel(upper)) return upper;
  // "MCQUEEN" → "McQueen"
  if (/^MC[A-Z]{3,}$/.test(upper)) return `Mc${upper[2]}${upper.slice(3).toLowerCase()}`;
  return upper[0] + upper.slice(1).toLowerCase();
}

/**
 * `firstWordIsCode`: the first word is a model code even without digits (Harley-Davidson's
 * "FLHRCI ROAD KING CLASSIC"), so it stays upper case.
 */
export function titleCaseName(name: string, options: { firstWordIsCode?: boolean } = {}): string {
  const titled = name.replace(/[A-Za-z0-9]+/g, titleToken);
  if (!options.firstWordIsCode) return titled;
  const space = name.indexOf(' ');
  return space < 0 ? name : name.slice(0, space) + titled.slice(space);
}
