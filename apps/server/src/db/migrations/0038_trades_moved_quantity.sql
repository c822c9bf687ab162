-- A trade's quantity that ended the day in another product than the one it was booked with (a position transfer, or
-- the end of day settling an unsquared intraday position; services/portfolio/transfer-charges.ts): charged as that
-- product, so charges_detail and charges_paise are what the contract note charges for the day.
ALTER TABLE trades ADD COLUMN moved_qty BIGINT NOT NULL DEFAULT 0;
ALTER TABLE trades ADD COLUMN moved_product TEXT;
ALTER TABLE trades ADD CONSTRAINT trades_moved_within CHECK (moved_qty >= 0 AND moved_qty <= quantity);
