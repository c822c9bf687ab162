-- An order's log in fewer bytes (services/oms/order-events.ts; OMS README "Steps to the log-based path", step 5).
--
-- Every write of an order's row carries its whole log, so the log's size is paid at the placement, the acceptance and
-- each fill. An event becomes an array, [action, status, at] with a closing event's reason or a MODIFIED event's
-- replaced values as a fourth element, instead of an object naming its keys; and the first event, NEW at REQUEST SENT
-- in the placement's transaction, is no longer stored: the reader takes it from the row's created_at.
UPDATE orders o
   SET events = COALESCE(
         (SELECT jsonb_agg(jsonb_build_array(e->'action', e->'status', e->'at')
                             || CASE WHEN e ? 'reason' THEN jsonb_build_array(e->'reason')
                                     WHEN e ? 'was' THEN jsonb_build_array(e->'was')
                                     ELSE '[]'::jsonb END
                           ORDER BY n)
            FROM jsonb_array_elements(o.events) WITH ORDINALITY AS x(e, n)
           WHERE NOT (n = 1 AND e->>'action' = 'NEW')),
         '[]'::jsonb)
 WHERE o.events <> '[]'::jsonb;
