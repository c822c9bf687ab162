-- Collateral margin never funds a delivery buy or money leaving the account (market-facts.md 8 "Use of collateral";
-- packages/domain/src/funds/margin-sources.ts). The part of blocked_margin_paise that only cash may cover, open
-- delivery (CASH) buys' blocks and pending pay-outs, is kept on the funds row beside it, so the check of a delivery
-- buy reads one locked row as every other margin check does, and a concurrent change is seen when the row is re-read.
ALTER TABLE client_funds ADD COLUMN cash_blocked_paise BIGINT NOT NULL DEFAULT 0;

-- Never above the row's own block (its CHECK below), should a data folder's sums ever have drifted from it.
UPDATE client_funds f
   SET cash_blocked_paise = LEAST(f.blocked_margin_paise,
         (SELECT COALESCE(sum(o.blocked_margin_paise), 0) FROM orders o
           WHERE o.client_id = f.client_id AND o.is_open AND o.product = 'CASH' AND o.side = 'BUY')
       + (SELECT COALESCE(sum(p.amount_paise), 0) FROM fund_payouts p
           WHERE p.client_id = f.client_id AND p.status = 'PENDING'));

ALTER TABLE client_funds
  ADD CONSTRAINT client_funds_cash_blocked_within_blocked
  CHECK (cash_blocked_paise >= 0 AND cash_blocked_paise <= blocked_margin_paise);
