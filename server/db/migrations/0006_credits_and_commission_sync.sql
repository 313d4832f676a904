-- Credits move with letters and debts are settled by the next purchase (decision 025): a letter may
-- take, return and take again a credit, so the ledger no longer holds one row per letter and reason.
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_check";--> statement-breakpoint
DROP INDEX "credit_ledger_letter_key";--> statement-breakpoint
-- Commissions sync to their employee's devices: existing ones draw a version each, then new ones must bring theirs.
ALTER TABLE "commissions" ADD COLUMN "version" bigint DEFAULT nextval('sync_version') NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "version" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "commissions" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "updated_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "commissions_employee_id_version_idx" ON "commissions" USING btree ("employee_id","version");--> statement-breakpoint
CREATE INDEX "credit_ledger_subscription_id_idx" ON "credit_ledger" USING btree ("subscription_id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" in ('grant', 'letter', 'return', 'refund', 'settle'));
