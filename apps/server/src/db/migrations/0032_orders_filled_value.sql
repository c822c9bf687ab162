-- An order's average fill price was kept as a running average rounded to the price unit at each fill, so an order
-- filled in several trades could show an average a unit away from its trades' (1517.87 for trades averaging
-- 1517.8598). The filled value (price units x quantity) is kept beside it and the average worked out from it.
ALTER TABLE orders ADD COLUMN filled_value BIGINT NOT NULL DEFAULT 0;

-- Orders filled before this keep the average they showed: their value is that average times the quantity.
UPDATE orders SET filled_value = avg_fill_price * filled_qty WHERE filled_qty > 0;
