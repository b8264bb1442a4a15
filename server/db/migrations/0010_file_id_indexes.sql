CREATE INDEX "announced_payments_file_idx" ON "announced_payments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "callbacks_file_idx" ON "callbacks" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "collection_costs_file_idx" ON "collection_costs" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "deferrals_file_idx" ON "deferrals" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "deposits_file_idx" ON "deposits" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "document_requests_file_idx" ON "document_requests" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "feedback_file_idx" ON "feedback" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "file_status_history_file_idx" ON "file_status_history" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "instalment_plans_file_idx" ON "instalment_plans" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "invoices_file_idx" ON "invoices" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "letter_links_file_idx" ON "letter_links" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "messages_file_idx" ON "messages" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "modals_file_idx" ON "modals" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "payments_made_file_idx" ON "payments_made" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "portal_orders_file_idx" ON "portal_orders" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "profile_change_requests_file_idx" ON "profile_change_requests" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "special_offers_file_idx" ON "special_offers" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "uploads_file_idx" ON "uploads" USING btree ("file_id");