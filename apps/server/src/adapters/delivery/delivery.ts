/** The OTP/SMS/e-mail gateway the broker would use (ARCHITECTURE.md "Simulated market": OTP/SMS delivery). */
export type Channel = 'sms' | 'email';

export interface Contact {
  clientId: number;
  userId: string;
  mobile: string;
  email: string;
}

export interface Message {
  subject: string;
  body: string;
  /** The digits, for OTP messages; kept only by the development outbox. */
  otp?: string;
}

export interface OutboxEntry {
  id: number;
  channel: Channel;
  /** Masked recipient (******7890, de***@example.com). */
  to: string;
  userId: string;
  subject: string;
  body: string;
  otp?: string;
  sentAt: string;
}

export interface Delivery {
  /** Sends the message to the client's mobile and e-mail (SEBI: OTP on both SMS and e-mail, market-facts.md 9). */
  sendToClient(contact: Contact, message: Message): Promise<void>;
  /** Messages kept for GET /dev/outbox, newest first; empty when the outbox is off. */
  outbox(): readonly OutboxEntry[];
}

declare module 'fastify' {
  interface FastifyInstance {
    delivery: Delivery;
  }
}
