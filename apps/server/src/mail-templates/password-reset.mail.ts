import { RESET_TOKEN_TTL_MS } from '@app/domain';
import { mailLocale, renderMail, type MailContent } from './mail-layout';

/** The forgot-password link (docs/product/accounts.md §2 "reset-password"): works once, for one hour. */
export function passwordResetMail(params: {
  locale: string;
  firstname: string;
  resetUrl: string;
}): MailContent {
  const hours = RESET_TOKEN_TTL_MS / 3_600_000;
  if (mailLocale(params.locale) === 'en') {
    return renderMail(
      'Veilleurs: reset your password',
      [
        { kind: 'paragraph', text: `Hello ${params.firstname},` },
        { kind: 'paragraph', text: 'A new password was requested for your Veilleurs account.' },
        { kind: 'link', label: 'Choose a new password', url: params.resetUrl },
        { kind: 'paragraph', text: `This link works once and for ${hours} hour.` },
      ],
      'If you did not ask for it, ignore this mail: your password stays the same.',
    );
  }
  return renderMail(
    'Veilleurs : réinitialisation de votre mot de passe',
    [
      { kind: 'paragraph', text: `Bonjour ${params.firstname},` },
      {
        kind: 'paragraph',
        text: 'Un nouveau mot de passe a été demandé pour votre compte Veilleurs.',
      },
      { kind: 'link', label: 'Choisir un nouveau mot de passe', url: params.resetUrl },
      { kind: 'paragraph', text: `Ce lien ne sert qu'une fois et reste valable ${hours} heure.` },
    ],
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  );
}
