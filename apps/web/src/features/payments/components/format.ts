/** Euros as the app shows them; cents only when there are some (9,99 € but 500 €). */
export function formatEuros(amount: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function formatDay(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** What the card form reports when a payment does not go through. */
export interface CardPaymentFailure {
  /** A catalogue key to show. */
  messageKey: string;
  /** The provider's code (card_declined…), for the log. */
  code: string | null;
}
