-- The contract a futures or options position is in, as the exchange names it (trading symbol) and its expiry day: an
-- instrument id is a token numbered in the order the day's contracts are built, so after a restart on a later day the
-- same id can name another contract, and an expired one is in no registry at all. Expiry settlement (oms
-- expiry-settlement.ts) finds a contract whose expiry-day end of day never ran by these, and rebuilds it from its
-- expiry day's contract list. Written by a position's first fill (or transfer); NULL for equity, and for rows opened
-- before this migration (not backfilled: an order names its trading symbol but not its expiry).
ALTER TABLE positions ADD COLUMN trading_symbol TEXT;
ALTER TABLE positions ADD COLUMN expiry DATE;
CREATE INDEX positions_expiry ON positions (expiry) WHERE expiry IS NOT NULL;
