import {
  type CorporateAction,
  type ExchangeMessage,
  formatPrice,
  formatQuantity,
  type ImportantLink,
  informationText,
  LOGIN_ALERT_LIMIT,
  type LoginAlert,
  ok,
  type OrderAlert,
  type Result,
} from '@kite/domain';
import { istDateTime, type Market, type MarketMode } from '@kite/exchange';
import type { Db } from '../../db/pool.ts';
import { bhavCopy, type BhavCopy, type BhavCopyExchange } from './bhav-copy.ts';
import { deviceOf } from './device-of.ts';
import * as repo from './information.repo.ts';

const alertText = informationText.notifications.alert;

/** Enough for a day of active trading; older notices and events are in the order book and reports. */
const BULLETIN_LIMIT = 100;
const CORPORATE_ACTION_LIMIT = 200;
const ORDER_ALERT_LIMIT = 200;

export interface InformationDeps {
  db: Db;
  now: () => number;
  market: () => Market;
  marketHours: MarketMode;
}

const istDateTimeOf = (at: Date): string => istDateTime(at.getTime());

export function informationService(deps: InformationDeps) {
  return {
    async exchangeMessages(): Promise<Result<{ messages: ExchangeMessage[] }>> {
      const rows = await repo.listBulletin(deps.db, BULLETIN_LIMIT);
      return ok({
        messages: rows.map((r) => ({
          id: r.id,
          exchange: r.exchange,
          category: r.category,
          subject: r.subject,
          message: r.message,
          postedAt: istDateTimeOf(r.posted_at),
        })),
      });
    },

    importantLinks(): Result<{ links: ImportantLink[] }> {
      return ok({ links: informationText.importantLinks.list.map((link) => ({ ...link })) });
    },

    bhavCopy(exchange: BhavCopyExchange): Result<BhavCopy> {
      return bhavCopy(deps.market(), exchange, deps.now(), deps.marketHours);
    },

    async loginAlerts(clientId: number, sessionId: string): Promise<Result<{ logins: LoginAlert[] }>> {
      const rows = await repo.listLogins(deps.db, clientId, LOGIN_ALERT_LIMIT);
      return ok({
        logins: rows.map((r) => ({
          id: r.id,
          loginTime: istDateTimeOf(r.at),
          ip: r.ip ?? informationText.loginAlert.unknownIp,
          device: deviceOf(r.user_agent),
          method: r.via_otp ? ('OTP' as const) : ('PASSWORD' as const),
          current: r.session_id === sessionId,
        })),
      });
    },

    async corporateActions(): Promise<Result<{ actions: CorporateAction[] }>> {
      const rows = await repo.listCorporateActions(deps.db, CORPORATE_ACTION_LIMIT);
      return ok({
        actions: rows.map((r) => ({
          id: r.id,
          symbol: r.symbol,
          companyName: r.company_name,
          exchange: r.exchange,
          type: r.action_type,
          purpose: r.purpose,
          exDate: r.ex_date,
          recordDate: r.record_date,
        })),
      });
    },

    /** investing.md 2 "Alerts and Notifications": the Order tab, from the client's order events and trades of the IST day. */
    async orderAndTradeAlerts(clientId: number): Promise<Result<{ alerts: OrderAlert[] }>> {
      const [events, trades] = await Promise.all([
        repo.listOrderEvents(deps.db, clientId, ORDER_ALERT_LIMIT),
        repo.listTrades(deps.db, clientId, ORDER_ALERT_LIMIT),
      ]);
      // An acceptance reported with its fills is written with them, after the exchange's trade time; the exchange
      // accepted the order first, so it is shown at its order's first trade at the latest, and below that trade.
      const firstTradeAt = new Map<string, number>();
      for (const trade of trades)
        firstTradeAt.set(trade.order_no, Math.min(trade.at.getTime(), firstTradeAt.get(trade.order_no) ?? Infinity));
      const shownAt = (e: repo.OrderEventRow) =>
        e.action === 'ACCEPTED' ? Math.min(e.at.getTime(), firstTradeAt.get(e.order_no) ?? Infinity) : e.at.getTime();
      // Trades first: the sort keeps them above an event of the same time.
      const alerts = [
        ...trades.map((t) => ({ at: t.at.getTime(), alert: tradeAlertOf(t) })),
        ...events.map((e) => {
          const at = shownAt(e);
          return { at, alert: orderAlertOf({ ...e, at: new Date(at) }) };
        }),
      ]
        .sort((a, b) => b.at - a.at)
        .slice(0, ORDER_ALERT_LIMIT)
        .map((entry) => entry.alert);
      return ok({ alerts });
    },
  };
}

function orderAlertOf(e: repo.OrderEventRow): OrderAlert {
  const detail = alertText.detail(
    e.side,
    formatQuantity(e.quantity),
    e.display_symbol,
    e.exchange,
    e.price > 0 ? formatPrice(e.price, e.price_decimals) : null,
  );
  const what = alertText.actions[e.action] ?? alertText.otherAction(e.status);
  const reason = e.action === 'REJECTED' && e.reason ? alertText.reason(e.reason) : '';
  return {
    id: `E${e.id}`,
    alertMessage: alertText.order(e.order_no, what, detail) + reason,
    alertTime: istDateTimeOf(e.at),
    kind: 'ORDER',
  };
}

function tradeAlertOf(t: repo.TradeRow): OrderAlert {
  return {
    id: `T${t.id}`,
    alertMessage: alertText.trade(
      t.side,
      formatQuantity(Number(t.quantity)),
      t.display_symbol,
      t.exchange,
      formatPrice(Number(t.price), t.price_decimals),
      t.order_no,
    ),
    alertTime: istDateTimeOf(t.at),
    kind: 'TRADE',
  };
}
