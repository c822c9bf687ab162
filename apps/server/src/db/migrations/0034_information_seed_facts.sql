-- Corrects two facts of the information seed (0019_information.sql) in databases already made, and in new ones, as
-- 0019 runs just before this file.
--
-- 1. The F&O lot-size notice said NIFTY 75 and BANKNIFTY 35: the contracts the market lists, and market-facts.md 3.2,
--    have NIFTY 65 and BANKNIFTY 30.
-- 2. Corporate actions were dated a fixed number of days from the day the database was made, so some fell on a
--    Saturday or Sunday: no ex-date or record date is a non-trading day. Such a date moves to the next Monday (the
--    exchanges' next trading day; the market has no holiday list, market-runtime.ts), which keeps an upcoming
--    action upcoming and a past one past (the seed's offsets are at least four days away from the day it was made).

UPDATE exchange_bulletin
   SET message = 'The lot size of NIFTY contracts remains 65 and that of BANKNIFTY 30 for the next quarterly review; contracts expiring after the review carry the revised lot sizes.'
 WHERE subject = 'Revision in lot sizes of index derivatives contracts'
   AND message = 'The lot size of NIFTY contracts remains 75 and that of BANKNIFTY 35 for the next quarterly review; contracts expiring after the review carry the revised lot sizes.';

UPDATE corporate_actions
   SET ex_date = ex_date + CASE extract(isodow FROM ex_date) WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END,
       record_date = record_date + CASE extract(isodow FROM record_date) WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END
 WHERE extract(isodow FROM ex_date) IN (6, 7) OR extract(isodow FROM record_date) IN (6, 7);
