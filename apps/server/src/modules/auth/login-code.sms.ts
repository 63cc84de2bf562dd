import { CODE_TTL_MS } from '@app/domain';

/** The login-step SMS, in the user's language (French unless they chose English). */
export function loginCodeSms(locale: string, code: string): string {
  const minutes = CODE_TTL_MS / 60_000;
  return locale === 'en'
    ? `Veilleurs: your login code is ${code}. It expires in ${minutes} minutes. Never share it.`
    : `Veilleurs : votre code de connexion est ${code}. Il expire dans ${minutes} minutes. Ne le communiquez à personne.`;
}
