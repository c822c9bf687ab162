-- Of a trade's charges (charges_detail), those of its moved quantity (moved_qty, in moved_product): the readers that
-- show a trade by the product it ended the day in (services/portfolio/trade-parts.ts) split it into its two parts, each
-- with its own charges. NULL while nothing moved, or while its order is still open (charged at the end of day).
ALTER TABLE trades ADD COLUMN moved_charges_detail JSONB;
-- The end of day charges again the moved trades of the orders that were still open when their quantity moved
-- (services/portfolio/transfer-charges.ts `rechargeClosedOrders`): it finds them through this index, which holds only
-- the few trades some of whose quantity lies in another product, not the day's whole trades table.
CREATE INDEX trades_moved ON trades (order_id) WHERE moved_qty > 0;
