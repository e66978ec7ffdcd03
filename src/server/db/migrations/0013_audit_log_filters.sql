CREATE INDEX "audit_inst_at_idx" ON "audit_log" USING btree ("institution_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_inst_actor_at_idx" ON "audit_log" USING btree ("institution_id","actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_inst_entity_at_idx" ON "audit_log" USING btree ("institution_id","entity_type","entity_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_inst_action_at_idx" ON "audit_log" USING btree ("institution_id","action","at","id");--> statement-breakpoint
CREATE INDEX "audit_inst_refused_at_idx" ON "audit_log" USING btree ("institution_id","at","id") WHERE "audit_log"."outcome" <> 'ok';