-- Refunds in the admin's totals (decision 024's counters): how many purchases were refunded and the
-- money that went back, kept by a statement-level trigger as the other totals are. Revenue stays the
-- sum of prices paid; the admin's card shows it less what was refunded.
CREATE FUNCTION admin_totals_refunds() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  count_added bigint := 0;
  cents_added bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*), coalesce(sum(amount_cents), 0) INTO count_added, cents_added FROM admin_new_rows;
  ELSE
    SELECT -count(*), -coalesce(sum(amount_cents), 0) INTO count_added, cents_added FROM admin_old_rows;
  END IF;
  PERFORM admin_counters_add('refunds', count_added);
  PERFORM admin_counters_add('refunded_cents', cents_added);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refunds_admin_totals_insert AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_refunds();
--> statement-breakpoint
CREATE TRIGGER refunds_admin_totals_delete AFTER DELETE ON refunds
  REFERENCING OLD TABLE AS admin_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_refunds();
--> statement-breakpoint
CREATE TRIGGER refunds_admin_totals_truncate AFTER TRUNCATE ON refunds
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_truncated('refunds', 'refunded_cents');
--> statement-breakpoint
-- Backfill: the refunds so far in shard 0, the other fifteen shards at zero.
INSERT INTO admin_counters (metric, shard, value)
SELECT totals.metric, shards.shard, CASE WHEN shards.shard = 0 THEN totals.total ELSE 0 END
FROM (
  SELECT 'refunds' AS metric, count(*) AS total FROM refunds
  UNION ALL SELECT 'refunded_cents', coalesce(sum(amount_cents), 0) FROM refunds
) AS totals
CROSS JOIN generate_series(0, 15) AS shards(shard);
