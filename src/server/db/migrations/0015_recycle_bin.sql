CREATE TABLE "recycle_bin" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"institution_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"removed_by" integer,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recycle_bin_inst_removed_idx" ON "recycle_bin" USING btree ("institution_id","removed_at","id");--> statement-breakpoint
CREATE INDEX "recycle_bin_removed_idx" ON "recycle_bin" USING btree ("removed_at");