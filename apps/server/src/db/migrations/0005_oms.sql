-- Order engine additions (trading.md 3, 4, 7): cover/bracket leg parameters, exit legs, the margin a position holds,
-- and the e-DIS quantity an order reserved.

-- Cover: the stop-loss trigger (absolute price). Bracket: stop-loss and target as distances from the fill price.
ALTER TABLE orders ADD COLUMN co_trigger_price BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN bo_stop_distance BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN bo_target_distance BIGINT NOT NULL DEFAULT 0;
-- e-DIS quantity reserved by a non-POA sell; the unfilled part goes back on cancel or rejection
ALTER TABLE orders ADD COLUMN edis_reserved_qty BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN edis_isin TEXT;

-- Exit of a cover or bracket order: the executed quantity squared off at market.
ALTER TABLE orders DROP CONSTRAINT orders_leg_role_check;
ALTER TABLE orders ADD CONSTRAINT orders_leg_role_check
  CHECK (leg_role IN ('ENTRY', 'STOPLOSS', 'TARGET', 'SPREAD_NEAR', 'SPREAD_FAR', 'EXIT', 'SQUAREOFF'));

-- Margin held by the open quantity of a position (intraday, F&O, MTF); released pro rata as it closes.
ALTER TABLE positions ADD COLUMN margin_paise BIGINT NOT NULL DEFAULT 0 CHECK (margin_paise >= 0);
