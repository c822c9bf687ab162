-- The pay-out run pays at most what is withdrawable when it runs: a loss realised after the request (the request's
-- hold keeps the amount from new orders, not from losses) can leave less. What was paid is kept beside what was
-- asked; NULL until the run. A run that finds nothing withdrawable pays 0 and cancels the request.
ALTER TABLE fund_payouts ADD COLUMN paid_paise BIGINT CHECK (paid_paise >= 0 AND paid_paise <= amount_paise);

UPDATE fund_payouts SET paid_paise = amount_paise WHERE status = 'PROCESSED';
