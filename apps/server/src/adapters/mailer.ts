/** One outgoing e-mail, already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** SMTP when SMTP_URL is set; otherwise one .eml file per message in MAIL_OUTBOX_DIR. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
