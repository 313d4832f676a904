CREATE TABLE "ai_queue" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"priority" smallint NOT NULL,
	"enqueued_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_queue_priority_check" CHECK ("ai_queue"."priority" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"letter_id" uuid NOT NULL,
	"model" text NOT NULL,
	"tokens_in" integer NOT NULL,
	"tokens_out" integer NOT NULL,
	"tokens_estimated" boolean NOT NULL,
	"ms" integer NOT NULL,
	"queued_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_usage_outcome_check" CHECK ("ai_usage"."outcome" in ('ok', 'refused', 'upstream_error', 'timeout', 'cancelled', 'budget', 'rate_limited')),
	CONSTRAINT "ai_usage_counts_check" CHECK ("ai_usage"."tokens_in" >= 0 and "ai_usage"."tokens_out" >= 0 and "ai_usage"."ms" >= 0 and "ai_usage"."queued_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ai_queue" ADD CONSTRAINT "ai_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_queue_order_idx" ON "ai_queue" USING btree ("priority","enqueued_at","id");--> statement-breakpoint
CREATE INDEX "ai_queue_user_id_idx" ON "ai_queue" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_usage_user_id_created_at_idx" ON "ai_usage" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_usage_created_at_idx" ON "ai_usage" USING btree ("created_at");