-- Instrument tokens kept per contract, as an exchange keeps its instrument tokens: an instrument's id is its token
-- (`Instrument.id` = String(token)), and an id saved in an order, a position, a watchlist, a basket or a GTT must name
-- the same contract after a restart on a later day, when the day's expiries and strikes list other contracts. At start
-- the market runtime builds the day's listing with these (packages/exchange `buildInstruments` BuildOptions.tokens)
-- and inserts the contracts it numbered (after the highest token here) before the server answers orders. The first
-- start after this migration numbers as before (from 1001 in build order), so the ids already saved keep their
-- contracts of that day. A trading symbol names one contract on its exchange on every day (expiry and strike are in it).
CREATE TABLE instrument_tokens (
  exchange       TEXT NOT NULL,
  trading_symbol TEXT NOT NULL,
  token          INTEGER NOT NULL UNIQUE CHECK (token > 0),
  listed_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange, trading_symbol)
);
