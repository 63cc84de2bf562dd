/** A stored E.164 number as French people read it: "+33612345678" → "06 12 34 56 78". */
export function nationalPhone(e164: string | null): string {
  if (!e164) return '';
  const french = /^\+33(\d{9})$/.exec(e164);
  if (french) return `0${french[1]}`.replace(/(\d{2})(?=\d)/g, '$1 ');
  return e164;
}
