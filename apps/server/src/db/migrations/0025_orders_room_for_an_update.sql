-- Room on each page of orders for one more version of each row on it (services/oms/README.md, "Steps to the
-- log-based path", step 5).
--
-- An order's row is inserted, then updated at least once more (its acceptance, or a fill that closes it), within
-- milliseconds, while its page still fills with the next orders. An update is HOT (no index entries) only if the new
-- version fits on the row's page: at fillfactor 85 two acceptances in three did not fit, and each such update entered
-- the row in every index of orders again. Pages half filled by inserts leave room for one update of each of their rows.
ALTER TABLE orders SET (fillfactor = 50);
