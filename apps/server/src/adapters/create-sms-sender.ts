import type { SmsSender } from './sms';
import { writeOutboxFile } from './outbox';

/** Writes each SMS as a .sms.txt file next to the mails; a real provider plugs in behind SmsSender. */
export function createOutboxSmsSender(outboxDir: string): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      await writeOutboxFile(outboxDir, '.sms.txt', `To: ${message.to}\n\n${message.text}\n`);
    },
  };
}
