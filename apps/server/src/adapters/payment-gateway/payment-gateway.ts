/**
 * The payment provider the demat-charges pages pay through (platform.md 2.6, 4.6: an Atom-style popup). The broker
 * opens a transaction, the payer completes it in the provider's popup, and the provider tells the broker the outcome
 * (here a callback, as a real provider's server-to-server notification) before sending the payer back to returnUrl.
 */
export interface OpenTransaction {
  merchId: string;
  merchantName: string;
  /** The broker's reference (ibRefNo). */
  reference: string;
  amountPaise: number;
  email: string;
  mobile: string;
  returnUrl: string;
}

export type GatewayStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface GatewayTransaction {
  atomTokenID: string;
  merchId: string;
  merchantName: string;
  reference: string;
  amountPaise: number;
  status: GatewayStatus;
  returnUrl: string;
  /** What the provider notified of a settled transaction (its status enquiry answers it again); null while pending. */
  outcome: GatewayOutcome | null;
}

export interface GatewayOutcome {
  atomTokenID: string;
  status: 'SUCCESS' | 'FAILED';
  transID: string;
  msg: string;
  returnUrl: string;
}

export type CompleteAnswer =
  { ok: true; outcome: GatewayOutcome } | { ok: false; reason: 'not-found' | 'already-complete' };

/** The broker's side of the provider's notification. */
export type OutcomeListener = (outcome: GatewayOutcome) => Promise<void>;

export interface PaymentGateway {
  open(transaction: OpenTransaction): Promise<{ atomTokenID: string }>;
  /** The provider's status enquiry: the transaction as it stands, with its outcome once settled. */
  find(atomTokenID: string, merchId: string): Promise<GatewayTransaction | null>;
  /** The payer's choice in the popup; notifies the broker before answering. */
  complete(atomTokenID: string, merchId: string, outcome: 'pay' | 'fail'): Promise<CompleteAnswer>;
  onOutcome(listener: OutcomeListener): void;
  /**
   * Fails every transaction still pending that was opened before the instant, as a provider times out a payment page
   * left open, and tells the merchant as for a decline. Answers how many it failed.
   */
  expireAbandoned(openedBefore: Date): Promise<number>;
}
