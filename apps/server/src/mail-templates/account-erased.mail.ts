import { mailLocale, renderMail, type MailContent } from './mail-layout';

/** Sent once the owner erased their own account (issue 19, RGPD art. 17), to the former address. */
export function accountErasedMail(params: { locale: string; firstname: string }): MailContent {
  if (mailLocale(params.locale) === 'en') {
    return renderMail(
      'Veilleurs: your account was erased',
      [
        { kind: 'paragraph', text: `Hello ${params.firstname},` },
        {
          kind: 'paragraph',
          text:
            'Your Veilleurs account was erased as you asked: your profile, documents, photos, ' +
            'announcements, alerts, favourites and notifications are deleted.',
        },
        {
          kind: 'paragraph',
          text:
            'The law makes us keep, without your name or contact details, the accounting records ' +
            '(payments and payment promises, 10 years) and the sightings for which a watcher earned money.',
        },
      ],
      'You receive this last mail because it concerns your former Veilleurs account.',
    );
  }
  return renderMail(
    'Veilleurs : votre compte a été effacé',
    [
      { kind: 'paragraph', text: `Bonjour ${params.firstname},` },
      {
        kind: 'paragraph',
        text:
          'Votre compte Veilleurs a été effacé comme vous l’avez demandé : votre profil, vos ' +
          'documents, vos photos, vos annonces, vos alertes, vos favoris et vos notifications sont supprimés.',
      },
      {
        kind: 'paragraph',
        text:
          'La loi nous oblige à garder, sans votre nom ni vos coordonnées, les pièces comptables ' +
          '(paiements et promesses de paiement, 10 ans) et les signalements pour lesquels un veilleur a été rémunéré.',
      },
    ],
    'Vous recevez ce dernier message car il concerne votre ancien compte Veilleurs.',
  );
}
