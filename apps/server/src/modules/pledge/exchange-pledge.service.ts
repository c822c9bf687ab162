import {
  checkExchangePledge,
  deriveAbilities,
  type ExchangePledgeItem,
  type ExchangePledgeSubmitItem,
  type ExchangeSegment,
  exchangeSegmentCode,
  exchangeSegments,
  ok,
  pledgeText,
  reject,
  type Result,
  segmentTotal,
} from '@kite/domain';
import { type Db, inTransaction, type Queryable } from '../../db/pool.ts';
import { lockFunds } from '../../services/rms/funds.ts';
import { accountDetailsOf, extraFlagsOf, findClientById } from '../account/client.repo.ts';
import { unpledgeable } from './pledge-apply.ts';
import * as repo from './pledge.repo.ts';

/**
 * Exchange pledge (investing.md 2, 4 "Pledge (exchange)", 5 "Exchange pledge", 7): shares pledged at the depository
 * are re-pledged by the broker to the clearing corporation and marked per segment (CM, FO, CDS). The segments'
 * total never exceeds the pledged quantity; marked shares cannot be unpledged at the depository until unmarked.
 */

export interface ExchangePledgeAnswer {
  state: 'ENABLED' | 'DISABLED';
  exErr: string[];
  ExchangePledgeUnpledge: { rePledge: ExchangePledgeItem[]; reUnpledge: ExchangePledgeItem[] };
  status: string;
}

const NO_LISTS = { rePledge: [], reUnpledge: [] };

export function exchangePledgeService(deps: { db: Db }) {
  /** Segments the client trades: CM for equity, FO for F&O, CDS for currency. */
  async function enabledSegments(q: Queryable, clientId: number): Promise<Set<ExchangeSegment> | null> {
    const client = await findClientById(q, clientId);
    if (!client) return null;
    const a = deriveAbilities(accountDetailsOf(client), extraFlagsOf(client));
    const on = new Set<ExchangeSegment>();
    if (a.equity) on.add('CM');
    if (a.fno) on.add('FO');
    if (a.currency) on.add('CDS');
    return on;
  }

  async function lists(q: Queryable, clientId: number) {
    const demats = await repo.listDemats(q, clientId);
    const marks = await repo.exchangeMarks(q, clientId);
    const rePledge: ExchangePledgeItem[] = [];
    const reUnpledge: ExchangePledgeItem[] = [];
    for (const d of demats) {
      for (const h of await repo.holdingsOfDemat(q, clientId, d.id)) {
        if (h.pledged_qty === 0) continue;
        const bySegment = marks.get(h.isin);
        const segments = exchangeSegments.map((name) => ({ name, quantity: bySegment?.get(name) ?? 0 }));
        const marked = segmentTotal(segments);
        const unmarked = unpledgeable(h, bySegment);
        const item = {
          symbol: h.symbol,
          isin: h.isin,
          demat: d.dp_account,
          toPledgeQty: unmarked,
          toUnPledgeQty: marked,
          segments,
          request: '',
        };
        if (unmarked > 0) rePledge.push({ ...item, freeQty: unmarked });
        if (marked > 0) reUnpledge.push({ ...item, freeQty: marked });
      }
    }
    return { rePledge, reUnpledge };
  }

  async function answer(clientId: number, status: string): Promise<Result<ExchangePledgeAnswer>> {
    const enabled = await enabledSegments(deps.db, clientId);
    if (!enabled) return reject('EGN006');
    const exErr = exchangeSegments.filter((s) => !enabled.has(s));
    // Chosen: without any of the three segments there is nothing to pledge for ('This feature will come soon !!').
    if (enabled.size === 0) return ok({ state: 'DISABLED', exErr, ExchangePledgeUnpledge: NO_LISTS, status });
    return ok({ state: 'ENABLED', exErr, ExchangePledgeUnpledge: await lists(deps.db, clientId), status });
  }

  const service = {
    list: (clientId: number) => answer(clientId, ''),

    /** EPLEDGE marks pledged shares for segments; EUNPLEDGE takes marks off. All or nothing. */
    async submit(
      clientId: number,
      kind: 'EPLEDGE' | 'EUNPLEDGE',
      symbols: readonly ExchangePledgeSubmitItem[],
    ): Promise<Result<ExchangePledgeAnswer>> {
      if (symbols.length === 0) return reject('PLG001');
      const enabled = await enabledSegments(deps.db, clientId);
      if (!enabled) return reject('EGN006');
      const demats = new Map((await repo.listDemats(deps.db, clientId)).map((d) => [d.dp_account, d]));
      const outcome = await inTransaction(deps.db, async (tx): Promise<Result<null>> => {
        await lockFunds(tx, clientId);
        const marks = await repo.exchangeMarks(tx, clientId);
        // Every item is checked before any mark moves, so a refusal changes nothing.
        const changes: { isin: string; segment: ExchangeSegment; delta: number }[] = [];
        const seen = new Set<string>();
        for (const item of symbols) {
          const demat = demats.get(item.demat);
          if (!demat) return reject('PLG003');
          if (seen.has(item.isin)) return reject('PLG002', pledgeText.exchange.quantityZero);
          seen.add(item.isin);
          const holding = await repo.lockHolding(tx, clientId, demat.id, item.isin);
          if (!holding || holding.pledged_qty === 0) return reject('PLG004');
          const bySegment = marks.get(item.isin);
          const wanted = new Map<ExchangeSegment, number>();
          for (const s of item.segments) {
            const code = exchangeSegmentCode(s.name);
            if (code === null || code === 'ALL') return reject('PLG006');
            if (s.quantity > 0 && kind === 'EPLEDGE' && !enabled.has(code)) {
              return reject('PLG006', pledgeText.exchange.segmentNotEnabled(code));
            }
            wanted.set(code, (wanted.get(code) ?? 0) + s.quantity);
          }
          const segments = [...wanted].map(([name, quantity]) => ({ name, quantity }));
          const marked = [...(bySegment?.values() ?? [])].reduce((sum, q) => sum + q, 0);
          const free = kind === 'EPLEDGE' ? unpledgeable(holding, bySegment) : marked;
          const problem = checkExchangePledge([{ symbol: item.symbol, freeQty: free, selected: true, segments }]);
          if (problem) return reject('PLG002', problem);
          for (const [segment, quantity] of wanted) {
            if (quantity === 0) continue;
            const inSegment = bySegment?.get(segment) ?? 0;
            if (kind === 'EUNPLEDGE' && quantity > inSegment) {
              return reject('PLG002', pledgeText.exchange.totalOverFree(quantity, inSegment));
            }
            changes.push({ isin: item.isin, segment, delta: kind === 'EPLEDGE' ? quantity : -quantity });
          }
        }
        for (const c of changes) await repo.changeExchangeMark(tx, clientId, c.isin, c.segment, c.delta);
        return ok(null);
      });
      if (!outcome.ok) return outcome;
      return answer(clientId, pledgeText.exchange.success);
    },
  };

  return {
    ...service,
    /** The call as the spec shapes it: reqType picks the list or a submit; userId, when sent, must be the caller's. */
    handle(
      caller: { clientId: number; userId: string },
      req: {
        reqType: 'EXCHANGE_PLEDGE_UNPLEDGE' | 'EPLEDGE' | 'EUNPLEDGE';
        symbols?: ExchangePledgeSubmitItem[] | undefined;
        userId?: string | undefined;
      },
    ): Promise<Result<ExchangePledgeAnswer>> {
      if (req.userId && req.userId.trim().toUpperCase() !== caller.userId) return Promise.resolve(reject('PLG003'));
      if (req.reqType === 'EXCHANGE_PLEDGE_UNPLEDGE') return service.list(caller.clientId);
      return service.submit(caller.clientId, req.reqType, req.symbols ?? []);
    },
  };
}
