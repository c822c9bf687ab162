-- The server keeps live sessions in memory (modules/account/session-cache.ts) so a request needs no session read.
-- Whatever changes a session or its client's row, whoever writes it, tells every server at commit: the payload is
-- the client id, and the server forgets that client's cached sessions. A session's last-seen time moving forward
-- (the sliding expiry's touch) is the one change that does not.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    IF TG_OP = 'UPDATE'
       AND NEW.last_seen_at >= OLD.last_seen_at
       AND (to_jsonb(NEW) - 'last_seen_at') = (to_jsonb(OLD) - 'last_seen_at') THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('session_changed', OLD.client_id::text);
  ELSE
    PERFORM pg_notify('session_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();

CREATE TRIGGER clients_changed AFTER UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
