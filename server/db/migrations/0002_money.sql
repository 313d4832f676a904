CREATE TABLE "commission_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"commission_id" uuid NOT NULL,
	"state" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"actor_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "commission_events_state_check" CHECK ("commission_events"."state" in ('pending', 'approved', 'paid', 'voided', 'adjusted'))
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"employee_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"sale_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"subscription_id" uuid,
	"letter_id" uuid,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" in ('grant', 'letter', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "employee_totals" (
	"employee_id" uuid PRIMARY KEY NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"subscription_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"list_cents" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"letters" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"employee_id" uuid,
	"coupon_code" text,
	"gateway" text NOT NULL,
	"charge_id" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"version" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_money_check" CHECK ("subscriptions"."price_cents" >= 0 and "subscriptions"."list_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "commission_events" ADD CONSTRAINT "commission_events_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_events" ADD CONSTRAINT "commission_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_totals" ADD CONSTRAINT "employee_totals_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_events_commission_id_idx" ON "commission_events" USING btree ("commission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_subscription_id_key" ON "commissions" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "commissions_employee_id_created_at_idx" ON "commissions" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_owner_id_idx" ON "credit_ledger" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_letter_key" ON "credit_ledger" USING btree ("letter_id","reason");--> statement-breakpoint
CREATE INDEX "subscriptions_owner_id_version_idx" ON "subscriptions" USING btree ("owner_id","version");--> statement-breakpoint
CREATE INDEX "subscriptions_employee_id_idx" ON "subscriptions" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_gateway_charge_key" ON "subscriptions" USING btree ("gateway","charge_id");--> statement-breakpoint
CREATE INDEX "users_coupon_key_idx" ON "users" USING btree (translate("coupon_code", 'OIL', '011'));