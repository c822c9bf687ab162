import type { FastifyBaseLogger } from 'fastify';
import type { Channel, Contact, Delivery, Message, OutboxEntry } from './delivery.ts';
import { maskEmail, maskMobile } from './mask.ts';

const OUTBOX_LIMIT = 500;

/** The default delivery: writes each message to the log and, when the outbox is on, keeps it for GET /dev/outbox. */
export function createLogDelivery(log: FastifyBaseLogger, options: { keepOutbox: boolean }): Delivery {
  const kept: OutboxEntry[] = [];
  let nextId = 1;

  function record(channel: Channel, to: string, contact: Contact, message: Message): void {
    // The OTP digits never reach the log; only the development outbox keeps them.
    log.info({ channel, to, userId: contact.userId, subject: message.subject }, 'message delivered');
    if (!options.keepOutbox) return;
    const entry: OutboxEntry = {
      id: nextId++,
      channel,
      to,
      userId: contact.userId,
      subject: message.subject,
      body: message.body,
      ...(message.otp ? { otp: message.otp } : {}),
      sentAt: new Date().toISOString(),
    };
    kept.unshift(entry);
    if (kept.length > OUTBOX_LIMIT) kept.length = OUTBOX_LIMIT;
  }

  return {
    async sendToClient(contact, message) {
      record('sms', maskMobile(contact.mobile), contact, message);
      record('email', maskEmail(contact.email), contact, message);
    },
    outbox: () => kept,
  };
}
