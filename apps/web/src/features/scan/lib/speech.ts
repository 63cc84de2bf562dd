/**
 * Dictating an identifier with the browser's speech recognition (Chrome, Safari, Edge), where it
 * exists. "A B 1 2 3 C D" and "AB tiret 123" both end up as letters and digits.
 */

interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
}

type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function isSpeechRecognitionAvailable(): boolean {
  return recognitionConstructor() !== null;
}

const SPOKEN_WORDS: Record<string, string> = {
  zero: '0',
  zéro: '0',
  un: '1',
  une: '1',
  deux: '2',
  trois: '3',
  quatre: '4',
  cinq: '5',
  six: '6',
  sept: '7',
  huit: '8',
  neuf: '9',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  seven: '7',
  eight: '8',
  nine: '9',
};
const SEPARATOR_WORDS = new Set(['tiret', 'trait', 'espace', 'dash', 'hyphen', 'space', 'point']);

/** The letters and digits of what was said, spoken numbers turned into digits. */
export function identifierFromSpeech(transcript: string): string {
  return transcript
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '' && !SEPARATOR_WORDS.has(word))
    .map((word) => SPOKEN_WORDS[word] ?? word)
    .join('')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '')
    .toUpperCase();
}

/** Listens once; resolves with the identifier heard, or null (nothing heard, refused, error). */
export function listenForIdentifier(lang: string, signal?: AbortSignal): Promise<string | null> {
  const Constructor = recognitionConstructor();
  if (!Constructor) return Promise.resolve(null);
  return new Promise((resolve) => {
    const recognition = new Constructor();
    let heard: string | null = null;
    recognition.lang = lang === 'en' ? 'en-GB' : 'fr-FR';
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript ?? '';
      heard = identifierFromSpeech(transcript) || null;
    };
    recognition.onerror = () => {
      heard = null;
    };
    recognition.onend = () => resolve(heard);
    signal?.addEventListener('abort', () => recognition.abort());
    recognition.start();
  });
}
