-- The admin's totals (decision 024), kept by statement-level triggers in admin_counters so the stat
-- cards never count rows. Each metric has 16 shard rows; a statement adds its change to one shard that
-- no other transaction holds (FOR UPDATE SKIP LOCKED, starting from one picked by the transaction id),
-- so writers of different accounts do not queue on one row. A total is the sum of its shards.
-- Tombstoned rows (deleted_at set) are not counted. Every statement is on its own: PGlite runs one
-- statement a query.

CREATE FUNCTION admin_counters_add(p_metric text, p_delta bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  preferred smallint := (txid_current() % 16)::smallint;
  picked smallint;
BEGIN
  IF p_delta = 0 THEN
    RETURN;
  END IF;
  SELECT shard INTO picked FROM admin_counters
    WHERE metric = p_metric
    ORDER BY (shard - preferred + 16) % 16
    LIMIT 1
    FOR UPDATE SKIP LOCKED;
  -- Every shard held by others (sixteen writers of one metric at once): wait for the preferred one.
  UPDATE admin_counters SET value = value + p_delta
    WHERE metric = p_metric AND shard = coalesce(picked, preferred);
  IF NOT FOUND THEN
    INSERT INTO admin_counters (metric, shard, value) VALUES (p_metric, preferred, p_delta)
      ON CONFLICT (metric, shard) DO UPDATE SET value = admin_counters.value + excluded.value;
  END IF;
END
$$;
--> statement-breakpoint

-- Rows added or removed, for tables counted by rows alone (contact_messages, error_reports).
CREATE FUNCTION admin_totals_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO changed FROM admin_new_rows;
  ELSE
    SELECT -count(*) INTO changed FROM admin_old_rows;
  END IF;
  PERFORM admin_counters_add(TG_ARGV[0], changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Accounts by role: customers ("users") and employees. An update counts only if it moved a role.
CREATE FUNCTION admin_totals_users() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  users_added bigint := 0;
  employees_added bigint := 0;
  users_removed bigint := 0;
  employees_removed bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) FILTER (WHERE role = 'user'), count(*) FILTER (WHERE role = 'employee')
      INTO users_added, employees_added FROM admin_new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*) FILTER (WHERE role = 'user'), count(*) FILTER (WHERE role = 'employee')
      INTO users_removed, employees_removed FROM admin_old_rows;
  END IF;
  PERFORM admin_counters_add('employees', employees_added - employees_removed);
  PERFORM admin_counters_add('users', users_added - users_removed);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Letters that are not tombstones. Most updates (an edit, a completion) change nothing here.
CREATE FUNCTION admin_totals_letters() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  added bigint := 0;
  removed bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) INTO added FROM admin_new_rows WHERE deleted_at IS NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*) INTO removed FROM admin_old_rows WHERE deleted_at IS NULL;
  END IF;
  PERFORM admin_counters_add('letters', added - removed);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Purchases that are not tombstones: how many, what was paid, what coupons took off.
CREATE FUNCTION admin_totals_subscriptions() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  count_added bigint := 0;
  revenue_added bigint := 0;
  discount_added bigint := 0;
  count_removed bigint := 0;
  revenue_removed bigint := 0;
  discount_removed bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*), coalesce(sum(price_cents), 0), coalesce(sum(discount_cents), 0)
      INTO count_added, revenue_added, discount_added
      FROM admin_new_rows WHERE deleted_at IS NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*), coalesce(sum(price_cents), 0), coalesce(sum(discount_cents), 0)
      INTO count_removed, revenue_removed, discount_removed
      FROM admin_old_rows WHERE deleted_at IS NULL;
  END IF;
  PERFORM admin_counters_add('discount_cents', discount_added - discount_removed);
  PERFORM admin_counters_add('revenue_cents', revenue_added - revenue_removed);
  PERFORM admin_counters_add('subscriptions', count_added - count_removed);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Commissions earned: how many, and their amounts.
CREATE FUNCTION admin_totals_commissions() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  count_added bigint := 0;
  cents_added bigint := 0;
  count_removed bigint := 0;
  cents_removed bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*), coalesce(sum(commission_cents), 0) INTO count_added, cents_added
      FROM admin_new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*), coalesce(sum(commission_cents), 0) INTO count_removed, cents_removed
      FROM admin_old_rows;
  END IF;
  PERFORM admin_counters_add('commission_cents', cents_added - cents_removed);
  PERFORM admin_counters_add('commissions', count_added - count_removed);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- TRUNCATE fires no row triggers: the table's metrics go back to zero.
CREATE FUNCTION admin_totals_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE admin_counters SET value = 0 WHERE metric = ANY (TG_ARGV);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- The triggers come before the backfill: creating them locks each table against writes until this
-- migration commits, so no row is counted twice or missed. Transition tables are not allowed with
-- a column list (UPDATE OF deleted_at), so updates fire on every statement and find nothing to add.
CREATE TRIGGER users_admin_totals_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_users();
--> statement-breakpoint
CREATE TRIGGER users_admin_totals_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS admin_old_rows NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_users();
--> statement-breakpoint
CREATE TRIGGER users_admin_totals_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS admin_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_users();
--> statement-breakpoint
CREATE TRIGGER users_admin_totals_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_truncated('users', 'employees');
--> statement-breakpoint

CREATE TRIGGER letters_admin_totals_insert AFTER INSERT ON letters
  REFERENCING NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_letters();
--> statement-breakpoint
CREATE TRIGGER letters_admin_totals_update AFTER UPDATE ON letters
  REFERENCING OLD TABLE AS admin_old_rows NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_letters();
--> statement-breakpoint
CREATE TRIGGER letters_admin_totals_delete AFTER DELETE ON letters
  REFERENCING OLD TABLE AS admin_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_letters();
--> statement-breakpoint
CREATE TRIGGER letters_admin_totals_truncate AFTER TRUNCATE ON letters
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_truncated('letters');
--> statement-breakpoint

CREATE TRIGGER subscriptions_admin_totals_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_subscriptions();
--> statement-breakpoint
CREATE TRIGGER subscriptions_admin_totals_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS admin_old_rows NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_subscriptions();
--> statement-breakpoint
CREATE TRIGGER subscriptions_admin_totals_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS admin_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_subscriptions();
--> statement-breakpoint
CREATE TRIGGER subscriptions_admin_totals_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_truncated('subscriptions', 'revenue_cents', 'discount_cents');
--> statement-breakpoint

CREATE TRIGGER commissions_admin_totals_insert AFTER INSERT ON commissions
  REFERENCING NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_commissions();
--> statement-breakpoint
CREATE TRIGGER commissions_admin_totals_update AFTER UPDATE ON commissions
  REFERENCING OLD TABLE AS admin_old_rows NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_commissions();
--> statement-breakpoint
CREATE TRIGGER commissions_admin_totals_delete AFTER DELETE ON commissions
  REFERENCING OLD TABLE AS admin_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_commissions();
--> statement-breakpoint
CREATE TRIGGER commissions_admin_totals_truncate AFTER TRUNCATE ON commissions
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_truncated('commissions', 'commission_cents');
--> statement-breakpoint

CREATE TRIGGER contact_messages_admin_totals_insert AFTER INSERT ON contact_messages
  REFERENCING NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_rows('messages');
--> statement-breakpoint
CREATE TRIGGER contact_messages_admin_totals_delete AFTER DELETE ON contact_messages
  REFERENCING OLD TABLE AS admin_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_rows('messages');
--> statement-breakpoint
CREATE TRIGGER contact_messages_admin_totals_truncate AFTER TRUNCATE ON contact_messages
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_truncated('messages');
--> statement-breakpoint

CREATE TRIGGER error_reports_admin_totals_insert AFTER INSERT ON error_reports
  REFERENCING NEW TABLE AS admin_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_rows('errors');
--> statement-breakpoint
CREATE TRIGGER error_reports_admin_totals_delete AFTER DELETE ON error_reports
  REFERENCING OLD TABLE AS admin_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_rows('errors');
--> statement-breakpoint
CREATE TRIGGER error_reports_admin_totals_truncate AFTER TRUNCATE ON error_reports
  FOR EACH STATEMENT EXECUTE FUNCTION admin_totals_truncated('errors');
--> statement-breakpoint

-- The admin's search of purchases by coupon code (0003_oversight made the other trigram indexes).
-- money-schema.ts does not declare it: that file belongs to the money work; declaring it there later
-- needs no migration of its own (drizzle-kit would write a CREATE INDEX that exists already).
CREATE INDEX subscriptions_coupon_code_trgm_idx ON subscriptions USING gin (coupon_code gin_trgm_ops);
--> statement-breakpoint

-- Backfill: each metric's total so far in shard 0, the other fifteen shards at zero.
INSERT INTO admin_counters (metric, shard, value)
SELECT totals.metric, shards.shard, CASE WHEN shards.shard = 0 THEN totals.total ELSE 0 END
FROM (
  SELECT 'users' AS metric, count(*) AS total FROM users WHERE role = 'user'
  UNION ALL SELECT 'employees', count(*) FROM users WHERE role = 'employee'
  UNION ALL SELECT 'letters', count(*) FROM letters WHERE deleted_at IS NULL
  UNION ALL SELECT 'subscriptions', count(*) FROM subscriptions WHERE deleted_at IS NULL
  UNION ALL SELECT 'revenue_cents', coalesce(sum(price_cents), 0) FROM subscriptions
    WHERE deleted_at IS NULL
  UNION ALL SELECT 'discount_cents', coalesce(sum(discount_cents), 0) FROM subscriptions
    WHERE deleted_at IS NULL
  UNION ALL SELECT 'commissions', count(*) FROM commissions
  UNION ALL SELECT 'commission_cents', coalesce(sum(commission_cents), 0) FROM commissions
  UNION ALL SELECT 'messages', count(*) FROM contact_messages
  UNION ALL SELECT 'errors', count(*) FROM error_reports
) AS totals
CROSS JOIN generate_series(0, 15) AS shards(shard);
