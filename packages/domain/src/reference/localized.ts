/** The two languages the product speaks; French is the default (docs/product/accounts.md §9). */
export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

/** A value of a fixed list with its label in each language. */
export interface LocalizedOption<Value extends string = string> {
  value: Value;
  fr: string;
  en: string;
}

/** What the select boxes receive: the value and the label in the caller's language. */
export interface Option {
  value: string;
  text: string;
}

export function toOptions(list: readonly LocalizedOption[], locale: Locale): Option[] {
  return list.map((item) => ({ value: item.value, text: item[locale] }));
}

/**
 * Picks French or English from an Accept-Language header: the supported language with the highest
 * weight wins, French when neither is asked for (or on a tie, since French is the product's language).
 */
export function preferredLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  let best: { locale: Locale; weight: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'fr' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight || (weight === best.weight && primary === 'fr')) {
      best = { locale: primary, weight };
    }
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
