-- A deleted account (decision 035) is marked by deleted_at, and the admin's totals leave it out, as
-- they leave out deleted letters and purchases. Accounts deleted before this migration are found by
-- their tombstone e-mail.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
UPDATE users SET deleted_at = updated_at
  WHERE deleted_at IS NULL AND email ~ '^deleted-[0-9a-f]{32}@deleted\.invalid$';
--> statement-breakpoint

-- Accounts by role that are not deleted. An update counts only if it moved a role or deleted one.
CREATE OR REPLACE FUNCTION admin_totals_users() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  users_added bigint := 0;
  employees_added bigint := 0;
  users_removed bigint := 0;
  employees_removed bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) FILTER (WHERE role = 'user'), count(*) FILTER (WHERE role = 'employee')
      INTO users_added, employees_added FROM admin_new_rows WHERE deleted_at IS NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*) FILTER (WHERE role = 'user'), count(*) FILTER (WHERE role = 'employee')
      INTO users_removed, employees_removed FROM admin_old_rows WHERE deleted_at IS NULL;
  END IF;
  PERFORM admin_counters_add('employees', employees_added - employees_removed);
  PERFORM admin_counters_add('users', users_added - users_removed);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- The two totals counted again without the deleted accounts. The users table is locked first, so no
-- account is added or deleted between the count and the new totals.
LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE admin_counters SET value = CASE WHEN shard = 0 THEN totals.total ELSE 0 END
FROM (
  SELECT 'users' AS metric, count(*) AS total FROM users WHERE role = 'user' AND deleted_at IS NULL
  UNION ALL
  SELECT 'employees', count(*) FROM users WHERE role = 'employee' AND deleted_at IS NULL
) AS totals
WHERE admin_counters.metric = totals.metric;
