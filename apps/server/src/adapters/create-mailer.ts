import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';
import { writeOutboxFile } from './outbox';

/** SMTP when a URL is given; otherwise a readable outbox of .eml files (development and tests). */
export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  // Same MIME encoding as a real mail, so what the outbox shows is what a user would receive.
  const renderer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await renderer.sendMail({ from: options.from, ...message });
      await writeOutboxFile(options.outboxDir, '.eml', info.message as Buffer);
    },
  };
}
