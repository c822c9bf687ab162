/**
 * SQL: the trades as they ended the day, to read in place of `trades` in a FROM clause (the caller names it). A trade
 * some of whose quantity moved to another product (`moved_qty` in `moved_product`, transfer-charges.ts) is two rows:
 * the quantity left in its booked product and the moved quantity, each with its own charges (`charges_detail` less
 * `moved_charges_detail`, and `moved_charges_detail`), `part` 0 and 1. The reports (contract note, trade register,
 * back-office and tax reports) and the P&L viewers read trades through it, so the product they show and group by is
 * the one the quantity ended the day in and was charged as: an MIS buy carried as delivery is a delivery buy there, for
 * its STT and for its tax (not speculative). The trade book (order-book.ts) reads `trades` itself: it lists executions
 * of orders, with the order's product, as the order book does. An order still open when its trades moved has no
 * `moved_charges_detail` until the end of day charges it: its charges stay on the booked part until then, without
 * their turnover (the whole trade's), so each part's value is its own quantity at the price (reports.service.ts).
 */
export const TRADE_PARTS = `(SELECT t.id, t.client_id, t.order_id, t.exchange_trade_id, t.instrument_id, t.exchange, t.side,
    t.price, t.traded_at, part.part, part.product, part.quantity, part.charges_detail
   FROM trades t CROSS JOIN LATERAL (VALUES
     (0, t.product, t.quantity - t.moved_qty, CASE WHEN t.moved_qty = 0 THEN t.charges_detail
        WHEN t.moved_charges_detail IS NULL THEN t.charges_detail - 'turnover'
        ELSE (SELECT jsonb_object_agg(k, (t.charges_detail->>k)::bigint - COALESCE((t.moved_charges_detail->>k)::bigint, 0))
                FROM jsonb_object_keys(t.charges_detail) k) END),
     (1, t.moved_product, t.moved_qty, COALESCE(t.moved_charges_detail, '{}'::jsonb))
   ) part (part, product, quantity, charges_detail)
  WHERE part.quantity > 0)`;
