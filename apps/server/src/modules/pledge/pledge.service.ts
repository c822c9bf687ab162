import { randomBytes } from 'node:crypto';
import {
  checkPledgeQuantity,
  checkUnpledgeQuantity,
  maskPhone,
  type NsdlStatusReply,
  ok,
  type PledgeDemat,
  type PledgeHolding,
  type PledgeTab,
  pledgeText,
  reject,
  type Result,
} from '@kite/domain';
import type { Market } from '@kite/exchange';
import { type Db, inTransaction, type Queryable } from '../../db/pool.ts';
import { holdingSellCheck } from '../../services/portfolio/holdings-check.ts';
import { equityOfHolding, tradingDayOf } from '../../services/portfolio/instruments.ts';
import { applyPledge, applyUnpledge, unpledgeable } from './pledge-apply.ts';
import * as repo from './pledge.repo.ts';

const text = pledgeText.depository;

/** The broker as depository participant and as pledgee (its Client Securities Margin Pledge Account; chosen ids). */
export const BROKER_DP_NAME = 'Kite India Broking Ltd';
export const PLEDGEE_NAME = 'Kite India Broking Ltd - Client Securities Margin Pledge Account';
export const PLEDGEE_DEMAT: Record<'CDSL' | 'NSDL', string> = {
  CDSL: '1208160099999999',
  NSDL: 'IN30021499999999',
};

export interface PledgeDeps {
  db: Db;
  market: () => Market;
  now: () => number;
}

/** Whose request it is: the session's client and user id. */
export interface Caller {
  clientId: number;
  userId: string;
}

/** A holding of a demat with what may be pledged and unpledged of it now. */
interface Pledgeable {
  holding: repo.HoldingRow;
  companyName: string;
  freeQty: number;
  toPledgeQty: number;
  toUnPledgeQty: number;
}

export const gatewayPath = (requestNo: string): string => `/depository/pledge/${requestNo}`;

const sameUser = (given: string | undefined, caller: Caller): boolean =>
  given === undefined || given === '' || given.trim().toUpperCase() === caller.userId;

function statusText(latest: repo.LatestRequest | undefined): string {
  if (!latest) return '';
  if (latest.status === 'PENDING') return text.pendingStatus(latest.channel);
  if (latest.status === 'SUCCESS') return latest.req_type === 'PLEDGE' ? text.pledgedStatus : '';
  if (latest.status === 'FAILED' || latest.status === 'UNAUTHORISED') return text.failedStatus;
  return '';
}

export function pledgeService(deps: PledgeDeps) {
  const tradingDay = () => tradingDayOf(deps.now());

  async function pledgeables(q: Queryable, clientId: number, dematId: number): Promise<Pledgeable[]> {
    const market = deps.market();
    const [holdings, pendingPledge, pendingUnpledge, marks] = await Promise.all([
      repo.holdingsOfDemat(q, clientId, dematId),
      repo.pendingQuantities(q, clientId, 'PLEDGE'),
      repo.pendingQuantities(q, clientId, 'UNPLEDGE'),
      repo.exchangeMarks(q, clientId),
    ]);
    const day = tradingDay();
    const out: Pledgeable[] = [];
    for (const holding of holdings) {
      const { freeQty } = await holdingSellCheck(q, market, clientId, holding.isin, day);
      out.push({
        holding,
        companyName: equityOfHolding(market, holding.exchange, holding.isin)?.name ?? holding.symbol,
        freeQty,
        toPledgeQty: Math.max(freeQty - (pendingPledge.get(holding.isin) ?? 0), 0),
        toUnPledgeQty: Math.max(
          unpledgeable(holding, marks.get(holding.isin)) - (pendingUnpledge.get(holding.isin) ?? 0),
          0,
        ),
      });
    }
    return out;
  }

  /**
   * The lines of a pledge or unpledge of one demat, one per ISIN (repeated ISINs add up), checked against what may
   * be pledged (free less pending) or unpledged (pledged less exchange-marked) now.
   */
  async function linesOf(
    clientId: number,
    demat: repo.DematRow,
    reqType: PledgeTab,
    items: readonly { isin: string; quantity: number }[],
  ): Promise<Result<repo.NewItem[]>> {
    if (items.length === 0) return reject('PLG001');
    const wanted = new Map<string, number>();
    for (const item of items) wanted.set(item.isin, (wanted.get(item.isin) ?? 0) + item.quantity);
    const held = new Map((await pledgeables(deps.db, clientId, demat.id)).map((p) => [p.holding.isin, p]));
    const lines: repo.NewItem[] = [];
    for (const [isin, quantity] of wanted) {
      const p = held.get(isin);
      if (!p || (reqType === 'UNPLEDGE' && p.holding.pledged_qty === 0)) return reject('PLG004');
      const problem =
        reqType === 'PLEDGE'
          ? checkPledgeQuantity(quantity, p.toPledgeQty)
          : checkUnpledgeQuantity(quantity, p.toUnPledgeQty);
      if (problem) return reject('PLG002', problem);
      lines.push({
        isin,
        symbol: p.holding.symbol,
        isinName: p.companyName.toUpperCase(),
        segment: p.holding.exchange,
        quantity,
      });
    }
    return ok(lines);
  }

  async function dematData(caller: Caller, tab: PledgeTab, withKey: boolean): Promise<PledgeDemat[]> {
    const demats = await repo.listDemats(deps.db, caller.clientId);
    const latest = await repo.latestRequests(deps.db, caller.clientId);
    const out: PledgeDemat[] = [];
    for (const d of demats) {
      const rows = (await pledgeables(deps.db, caller.clientId, d.id)).filter((p) =>
        tab === 'PLEDGE' ? true : p.holding.pledged_qty > 0,
      );
      const data: PledgeHolding[] = rows.map((p) => ({
        symbol: p.holding.symbol,
        isin: p.holding.isin,
        segment: p.holding.exchange,
        freeQty: p.freeQty,
        toPledgeQty: p.toPledgeQty,
        toUnPledgeQty: p.toUnPledgeQty,
        request: statusText(latest.get(p.holding.isin)),
        gatewaySource: d.dp_type,
        companyName: p.companyName,
      }));
      out.push({
        pledgerDemat: d.dp_account,
        pledgerName: d.client_name,
        mobile: maskPhone(d.mobile),
        dpName: BROKER_DP_NAME,
        pledgeeName: PLEDGEE_NAME,
        pledgeeDematId: PLEDGEE_DEMAT[d.dp_type],
        apiStatus: d.dp_api_status,
        ...(withKey && d.app_key ? { apiKey: d.app_key } : {}),
        depository: d.dp_type,
        dpId: d.dp_id,
        data,
      });
    }
    return out;
  }

  const nsdlReply = (over: Partial<NsdlStatusReply>): NsdlStatusReply => ({
    pledgeStatus: '',
    Message: '',
    pledgeSymbolArray: '[]',
    uniqueNo: '',
    ...over,
  });

  return {
    /** /Pledge/Detail and /Pledge/DetailV2 (V2 adds each demat's gateway app key). */
    async detail(
      caller: Caller,
      req: { tab: PledgeTab; clientId?: string | undefined },
      withKey: boolean,
    ): Promise<Result<{ dematData: PledgeDemat[] }>> {
      if (!sameUser(req.clientId, caller)) return reject('PLG003');
      return ok({ dematData: await dematData(caller, req.tab, withKey) });
    },

    /**
     * /Pledge/Request: an unpledge (released at once: no client OTP, market-facts.md 8), or the pledge of a demat
     * without a depository gateway (apiStatus N), applied at once. A gateway demat pledges through its depository.
     */
    async request(
      caller: Caller,
      req: {
        symbolArr: { isin: string; qty: number }[];
        demat: string;
        req_type: PledgeTab;
        source?: 'W' | 'P' | undefined;
      },
    ): Promise<Result<{ MESSAGE: string }>> {
      const demat = await repo.findDemat(deps.db, caller.clientId, req.demat);
      if (!demat) return reject('PLG003');
      if (req.req_type === 'PLEDGE' && demat.dp_api_status === 'Y') return reject('PLG005');
      const lines = await linesOf(
        caller.clientId,
        demat,
        req.req_type,
        req.symbolArr.map((s) => ({ isin: s.isin, quantity: s.qty })),
      );
      if (!lines.ok) return lines;
      return inTransaction(deps.db, async (tx) => {
        const outcome =
          req.req_type === 'PLEDGE'
            ? await applyPledge(tx, deps.market(), caller.clientId, demat.id, lines.data, tradingDay())
            : await applyUnpledge(tx, caller.clientId, demat.id, lines.data);
        if (!outcome.ok) return reject('PLG002', outcome.message);
        const request = await repo.insertRequest(tx, {
          clientId: caller.clientId,
          dematId: demat.id,
          reqType: req.req_type,
          channel: 'DIRECT',
          source: req.source ?? 'W',
          status: 'SUCCESS',
          requestNo: null,
          withUniqueNo: false,
          message: text.done,
        });
        await repo.insertItems(tx, request.id, lines.data, 'SUCCESS');
        return ok({ MESSAGE: text.done });
      });
    },

    /** /Pledge/Online/NSDL requestFor uniqueNo: a new NSDL pledge's number (the form to the gateway carries it). */
    async nsdlUniqueNo(caller: Caller): Promise<Result<NsdlStatusReply>> {
      const demat = (await repo.listDemats(deps.db, caller.clientId)).find((d) => d.dp_type === 'NSDL');
      if (!demat || demat.dp_api_status !== 'Y') return reject('PLG005');
      const request = await repo.insertRequest(deps.db, {
        clientId: caller.clientId,
        dematId: demat.id,
        reqType: 'PLEDGE',
        channel: 'NSDL',
        source: 'W',
        status: 'NEW',
        requestNo: null,
        withUniqueNo: true,
      });
      return ok(nsdlReply({ uniqueNo: request.unique_no ?? '' }));
    },

    /**
     * /Pledge/Online/NSDL requestFor requestStatusCheck: the reference itself when authorised, UNAUTHORISED, FAILED
     * with the per-security lines, NOT_FOUND while it waits (or for a reference that is not the client's).
     */
    async nsdlStatus(caller: Caller, reference: string): Promise<Result<NsdlStatusReply>> {
      const notFound = nsdlReply({ pledgeStatus: 'NOT_FOUND' });
      const uniqueNo = reference.slice(1);
      const row = /^[WP]\d{1,20}$/.test(reference)
        ? await repo.findClientRequestByUniqueNo(deps.db, caller.clientId, uniqueNo)
        : undefined;
      if (!row || row.channel !== 'NSDL') return ok(notFound);
      if (row.status === 'NEW' || row.status === 'PENDING' || row.source !== reference[0]) {
        return ok({ ...notFound, uniqueNo });
      }
      if (row.status === 'UNAUTHORISED') {
        return ok(nsdlReply({ pledgeStatus: 'UNAUTHORISED', Message: text.ipUnauthorised, uniqueNo }));
      }
      const items = await repo.itemsOf(deps.db, row.id);
      const lines = JSON.stringify(
        items.map((i) => ({
          requestReference: reference,
          isinName: i.isin_name,
          msg: i.message || (i.status === 'SUCCESS' ? text.pledgedStatus : row.message),
        })),
      );
      return ok(
        row.status === 'SUCCESS'
          ? nsdlReply({ pledgeStatus: reference, Message: text.done, pledgeSymbolArray: lines, uniqueNo })
          : nsdlReply({ pledgeStatus: 'FAILED', Message: row.message, pledgeSymbolArray: lines, uniqueNo }),
      );
    },

    /** /Pledge/Online/CDSL: files the pledge for the CDSL gateway and answers where the browser goes to authorise it. */
    async cdsl(
      caller: Caller,
      req: {
        clientId?: string | undefined;
        source: 'W' | 'P';
        demat: string;
        secDtls: { isin: string; quantity: string }[];
      },
    ): Promise<Result<{ redirectUrl: string }>> {
      if (!sameUser(req.clientId, caller)) return reject('PLG003');
      const demat = await repo.findDemat(deps.db, caller.clientId, req.demat);
      if (!demat) return reject('PLG003');
      if (demat.dp_type !== 'CDSL' || demat.dp_api_status !== 'Y') return reject('PLG005');
      const lines = await linesOf(
        caller.clientId,
        demat,
        'PLEDGE',
        req.secDtls.map((s) => ({ isin: s.isin, quantity: Number(s.quantity) })),
      );
      if (!lines.ok) return lines;
      const requestNo = randomBytes(16).toString('hex');
      await inTransaction(deps.db, async (tx) => {
        const request = await repo.insertRequest(tx, {
          clientId: caller.clientId,
          dematId: demat.id,
          reqType: 'PLEDGE',
          channel: 'CDSL',
          source: req.source,
          status: 'PENDING',
          requestNo,
          withUniqueNo: false,
        });
        await repo.insertItems(tx, request.id, lines.data);
      });
      return ok({ redirectUrl: gatewayPath(requestNo) });
    },

    /** For the NSDL gateway's form intake: the checked lines of a pledge of this demat. */
    linesOf,
  };
}

export type PledgeService = ReturnType<typeof pledgeService>;
