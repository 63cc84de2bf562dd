/** One text message to an E.164 phone number. */
export interface SmsMessage {
  to: string;
  text: string;
}

/** No SMS provider is wired yet: the default writes one .sms.txt file per message in the outbox. */
export interface SmsSender {
  readonly kind: 'outbox';
  send(message: SmsMessage): Promise<void>;
}
