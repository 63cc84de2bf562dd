import { CODE_TTL_MS } from '@app/domain';
import { mailLocale, renderMail, type MailContent } from './mail-layout';

/** The 4-digit code that validates a new account (docs/product/accounts.md §4), with a link to the code screen. */
export function accountValidationCodeMail(params: {
  locale: string;
  firstname: string;
  code: string;
  validateUrl: string;
}): MailContent {
  const minutes = CODE_TTL_MS / 60_000;
  if (mailLocale(params.locale) === 'en') {
    return renderMail(
      'Veilleurs: validate your account',
      [
        { kind: 'paragraph', text: `Hello ${params.firstname},` },
        {
          kind: 'paragraph',
          text: 'Welcome to Veilleurs! Enter this code to validate your account:',
        },
        { kind: 'code', code: params.code },
        {
          kind: 'paragraph',
          text: `It is valid for ${minutes} minutes. After 3 wrong entries a new code is sent.`,
        },
        { kind: 'link', label: 'Open the validation screen', url: params.validateUrl },
      ],
      'You received this mail because this address was used to sign up on Veilleurs. If it was not you, ignore it.',
    );
  }
  return renderMail(
    'Veilleurs : validez votre compte',
    [
      { kind: 'paragraph', text: `Bonjour ${params.firstname},` },
      {
        kind: 'paragraph',
        text: 'Bienvenue sur Veilleurs ! Saisissez ce code pour valider votre compte :',
      },
      { kind: 'code', code: params.code },
      {
        kind: 'paragraph',
        text: `Il est valable ${minutes} minutes. Après 3 saisies erronées, un nouveau code vous est envoyé.`,
      },
      { kind: 'link', label: "Ouvrir l'écran de validation", url: params.validateUrl },
    ],
    "Vous recevez ce message car cette adresse a servi à créer un compte Veilleurs. Si ce n'est pas vous, ignorez-le.",
  );
}
