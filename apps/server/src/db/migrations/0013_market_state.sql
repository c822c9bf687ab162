-- Where the simulated market stood (services/market-runtime/market-state-store.ts), saved every few seconds and at
-- shutdown, so a restarted server's market carries on from it the same trading day instead of jumping back to the
-- reference prices. One row per market seed; the state is the exchange's MarketState as JSON.
CREATE TABLE market_state (
  seed     INTEGER PRIMARY KEY,
  saved_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  state    JSONB NOT NULL
);
