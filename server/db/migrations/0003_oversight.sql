-- Trigram indexes for the admin's search (decision 024); PGlite is opened with the extension (database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "admin_counters" (
	"metric" text NOT NULL,
	"shard" smallint NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_counters_pkey" PRIMARY KEY("metric","shard"),
	CONSTRAINT "admin_counters_shard_check" CHECK ("admin_counters"."shard" between 0 and 15)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"message" text NOT NULL,
	"stack" text NOT NULL,
	"route" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_role_created_at_idx";--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_name_trgm_idx" ON "contact_messages" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_trgm_idx" ON "contact_messages" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_subject_trgm_idx" ON "contact_messages" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "error_reports_created_at_idx" ON "error_reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "error_reports_user_id_idx" ON "error_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "error_reports_message_trgm_idx" ON "error_reports" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "error_reports_route_trgm_idx" ON "error_reports" USING gin ("route" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "letters_created_at_idx" ON "letters" USING btree ("created_at","id") WHERE "letters"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "letters_recipient_name_trgm_idx" ON "letters" USING gin ("recipient_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "letters_matter_trgm_idx" ON "letters" USING gin ("matter" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at","id");