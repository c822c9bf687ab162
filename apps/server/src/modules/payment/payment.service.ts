import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type DematClientDetails, type Result, mulDivRound, ok, reject, invalidRequest } from '@kite/domain';
import type { Db } from '../../db/pool.ts';
import { inTransaction } from '../../db/pool.ts';
import type { GatewayOutcome, PaymentGateway } from '../../adapters/payment-gateway/payment-gateway.ts';
import { consumeCaptcha } from './captcha.ts';
import {
  type DematChargeAccount,
  type DematPayment,
  completePayment,
  findAccount,
  findPaymentByToken,
  initiatedTokens,
  insertPayment,
  markInitiated,
  reduceDues,
} from './payment.repo.ts';

export const PAYMENT_STATUS_PATH = '/DematPaymentStatus';
export const MERCHANT_NAME = 'Kite India Securities - DP Charges';

export interface PaymentSettings {
  tokenTtlMs: number;
  merchantId: string;
}

interface Amounts {
  totalDuePaise: number;
  serviceChargePaise: number;
  gstPercHundredths: number;
  totalPayPaise: number;
}

/** Due plus service charge plus GST on both (GST is 0% today: platform.md 2.6); exact integer paise. */
export function payable(a: Pick<Amounts, 'totalDuePaise' | 'serviceChargePaise' | 'gstPercHundredths'>): number {
  const base = a.totalDuePaise + a.serviceChargePaise;
  return base + mulDivRound(base, a.gstPercHundredths, 10_000);
}

export function maskMobile(mobile: string): string {
  return `******${mobile.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function details(account: DematChargeAccount, ibRefNo: string, amounts: Amounts): DematClientDetails {
  return {
    clientName: account.clientName,
    ibRefNo,
    dematAccNo: account.dematAccNo,
    totalAmount: amounts.totalDuePaise,
    serviceCharge: amounts.serviceChargePaise,
    gstPerc: amounts.gstPercHundredths,
    totalPayAmt: amounts.totalPayPaise,
    mobile: maskMobile(account.mobile),
    email: maskEmail(account.email),
  };
}

function currentAmounts(account: DematChargeAccount): Amounts {
  return {
    totalDuePaise: account.totalDuePaise,
    serviceChargePaise: account.serviceChargePaise,
    gstPercHundredths: account.gstPercHundredths,
    totalPayPaise: payable(account),
  };
}

function newIbRefNo(): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `IB${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** The rules of the public payment pages (platform.md 2.6, 4.6, 7.3): lookup behind a captcha, then pay. */
export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly settings: PaymentSettings,
  ) {
    gateway.onOutcome((outcome) => this.recordOutcome(outcome));
  }

  async lookup(dematAccNo: string, captchaCode: string, captchaId: string | undefined) {
    const captcha = await consumeCaptcha(this.db, captchaId, captchaCode);
    if (captcha === 'expired') return reject('PAY002');
    if (captcha === 'wrong') return reject('PAY001');
    const account = await findAccount(this.db, dematAccNo);
    if (!account) return reject('PAY003');
    const amounts = currentAmounts(account);
    if (amounts.totalPayPaise === 0) return reject('PAY004');
    // An opaque token stands for this lookup; the details never travel in the URL (platform.md 9 calls that weak).
    const params = randomBytes(32).toString('base64url');
    const ibRefNo = newIbRefNo();
    await insertPayment(this.db, {
      ibRefNo,
      account,
      totalPayPaise: amounts.totalPayPaise,
      tokenHash: tokenHash(params),
      tokenTtlMs: this.settings.tokenTtlMs,
    });
    return ok({
      statusCode: 200 as const,
      message: 'Success',
      ClientDetails: details(account, ibRefNo, amounts),
      params,
    });
  }

  async details(params: string) {
    const found = await this.livePayment(params);
    if (!found.ok) return found;
    const { payment, account } = found.data;
    return ok({
      statusCode: 200 as const,
      message: 'Success',
      ClientDetails: details(account, payment.ibRefNo, payment),
    });
  }

  async initiate(params: string, appId: string | undefined) {
    // platform.md 7.1: pay-in calls carry the app-id header.
    if (!appId) return invalidRequest('the x-app-id header is required for this call');
    const prepared = await inTransaction(this.db, async (client) => {
      const payment = await findPaymentByToken(client, tokenHash(params), true);
      if (!payment || payment.status === 'SUCCESS') return reject('PAY005');
      const account = await findAccount(client, payment.dematAccNo, true);
      if (!account) return reject('PAY005');
      // One open provider transaction per demat account (under its row lock): a second PAY (a double click, a second
      // tab, a second lookup) gets the transaction already open. A new one would leave the first payable and, once
      // paid, unrecorded (its token overwritten), so the dues would be paid twice and cleared once.
      for (const token of await initiatedTokens(client, account.dematAccNo)) {
        const open = await this.gateway.find(token, this.settings.merchantId);
        if (open?.status === 'PENDING') return ok({ atomTokenID: token, account });
        // Paid, and the provider's notification not yet recorded: nothing more is due. Its outcome is recorded below,
        // outside this transaction, whose row locks the recording needs.
        if (open?.status === 'SUCCESS') return { ...reject('PAY007'), unrecorded: open.outcome };
      }
      // Amounts are taken again now: another payment may have settled the dues since the lookup.
      const amounts = currentAmounts(account);
      if (amounts.totalPayPaise === 0) return reject('PAY004');
      const { atomTokenID } = await this.gateway.open({
        merchId: this.settings.merchantId,
        merchantName: MERCHANT_NAME,
        reference: payment.ibRefNo,
        amountPaise: amounts.totalPayPaise,
        email: account.email,
        mobile: account.mobile,
        returnUrl: PAYMENT_STATUS_PATH,
      });
      await markInitiated(client, payment.id, amounts, atomTokenID, appId);
      return ok({ atomTokenID, account });
    });
    if (!prepared.ok) {
      if ('unrecorded' in prepared && prepared.unrecorded) await this.recordOutcome(prepared.unrecorded);
      return prepared;
    }
    const { atomTokenID, account } = prepared.data;
    return ok({
      statusCode: 200 as const,
      message: 'Success',
      initiatePaymentResponse: {
        atomTokenID,
        merchID: this.settings.merchantId,
        email: maskEmail(account.email),
        mobile: maskMobile(account.mobile),
        returnUrl: PAYMENT_STATUS_PATH,
      },
    });
  }

  /** The provider's notification: settles the payment once and, on success, takes what it covered off the dues. */
  async recordOutcome(outcome: GatewayOutcome): Promise<void> {
    await inTransaction(this.db, async (client) => {
      const reason = outcome.status === 'FAILED' ? outcome.msg : null;
      const payment = await completePayment(client, outcome.atomTokenID, outcome.status, outcome.transID, reason);
      if (payment && outcome.status === 'SUCCESS') {
        await reduceDues(client, payment.dematAccNo, payment.totalDuePaise, payment.serviceChargePaise);
      }
    });
  }

  private async livePayment(params: string): Promise<Result<{ payment: DematPayment; account: DematChargeAccount }>> {
    const payment = await findPaymentByToken(this.db, tokenHash(params));
    if (!payment || payment.status === 'SUCCESS') return reject('PAY005');
    const account = await findAccount(this.db, payment.dematAccNo);
    if (!account) return reject('PAY005');
    return ok({ payment, account });
  }
}
