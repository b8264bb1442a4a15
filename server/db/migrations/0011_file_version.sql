ALTER TABLE "files" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
/*
 * files.version (decision 056): raised by the database on every write a debtor's signed-in pages
 * could show, so that a page cached under (file, version) is served again only while nothing it
 * shows has changed: writes of this portal, of its other instances and of the agency's own systems.
 *
 * Raised for the row's file, via file_id:
 *   announced_payments callbacks collection_costs credits deferrals deposits document_requests
 *   events feedback feedback_opt_outs file_status_history instalment_plans invoices messages
 *   modals payments payments_made portal_orders sepa_mandates special_offers uploads
 * Via another key: instalment_rows (its plan's file); profile_change_requests (every file of its
 * debtor: the profile page lists the debtor's pending requests whichever file is signed in);
 * debtors (all their files); creditors (files whose creditor or original creditor it is); files
 * (any change to the row besides the version itself).
 *
 * Deliberately not raised (no page shows them, and most are written on every request):
 *   sessions        written on every request (last_seen_at); the session statement reads it itself
 *   letter_links    single-use login tokens; marked used at sign-in, never shown
 *   audit_log       append-only record of every action; never shown to the debtor
 *   mail_outbox     the mail worker's queue (claims, attempts, status); never shown
 *   reminder_opt_outs  kept by the reminder mailer; the page shows debtors.reminders_disabled_at
 * Tables without a file, debtor or plan key (login_attempts, rate_limits, intent_log,
 * chat_transcripts, captcha_redemptions, bank_id_orders, sandbox_payment_sessions, staff_*) are
 * not reached. tests/db/file-version.test.ts holds the same lists: a new table with a file_id or
 * a key to files, plans or debtors fails it until it is added to one of them.
 */
CREATE FUNCTION file_version_from_file_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE files SET version = version + 1 WHERE id = NEW.file_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.file_id IS DISTINCT FROM NEW.file_id) THEN
    UPDATE files SET version = version + 1 WHERE id = OLD.file_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION file_version_from_plan_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE files SET version = version + 1
    WHERE id = (SELECT p.file_id FROM instalment_plans p WHERE p.id = NEW.plan_id);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.plan_id IS DISTINCT FROM NEW.plan_id) THEN
    UPDATE files SET version = version + 1
    WHERE id = (SELECT p.file_id FROM instalment_plans p WHERE p.id = OLD.plan_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION file_version_from_debtor_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE files SET version = version + 1 WHERE debtor_id = NEW.debtor_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.debtor_id IS DISTINCT FROM NEW.debtor_id) THEN
    UPDATE files SET version = version + 1 WHERE debtor_id = OLD.debtor_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION file_version_from_debtor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE files SET version = version + 1 WHERE debtor_id = OLD.id;
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    UPDATE files SET version = version + 1 WHERE debtor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION file_version_from_creditor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE files SET version = version + 1 WHERE creditor_id = OLD.id OR original_creditor_id = OLD.id;
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    UPDATE files SET version = version + 1 WHERE creditor_id = NEW.id OR original_creditor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
/*
 * The file's own row: a change to any column but the version raises it by one. A change of the
 * version alone (the triggers above) is kept as it is, so it counts once; it never goes down.
 * total_minor is left out of the comparison: a generated column has no value yet in a BEFORE
 * trigger, and it follows the columns it is made of.
 */
CREATE FUNCTION files_version_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS DISTINCT FROM OLD.version THEN
    NEW.version := greatest(NEW.version, OLD.version + 1);
  ELSIF to_jsonb(NEW) - 'version' - 'total_minor' IS DISTINCT FROM to_jsonb(OLD) - 'version' - 'total_minor' THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER files_version BEFORE UPDATE ON files FOR EACH ROW EXECUTE FUNCTION files_version_on_update();
--> statement-breakpoint
CREATE TRIGGER debtors_file_version AFTER UPDATE OR DELETE ON debtors FOR EACH ROW EXECUTE FUNCTION file_version_from_debtor();
--> statement-breakpoint
CREATE TRIGGER creditors_file_version AFTER UPDATE OR DELETE ON creditors FOR EACH ROW EXECUTE FUNCTION file_version_from_creditor();
--> statement-breakpoint
CREATE TRIGGER instalment_rows_file_version AFTER INSERT OR UPDATE OR DELETE ON instalment_rows FOR EACH ROW EXECUTE FUNCTION file_version_from_plan_id();
--> statement-breakpoint
CREATE TRIGGER profile_change_requests_file_version AFTER INSERT OR UPDATE OR DELETE ON profile_change_requests FOR EACH ROW EXECUTE FUNCTION file_version_from_debtor_id();
--> statement-breakpoint
CREATE TRIGGER announced_payments_file_version AFTER INSERT OR UPDATE OR DELETE ON announced_payments FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER callbacks_file_version AFTER INSERT OR UPDATE OR DELETE ON callbacks FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER collection_costs_file_version AFTER INSERT OR UPDATE OR DELETE ON collection_costs FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER credits_file_version AFTER INSERT OR UPDATE OR DELETE ON credits FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER deferrals_file_version AFTER INSERT OR UPDATE OR DELETE ON deferrals FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER deposits_file_version AFTER INSERT OR UPDATE OR DELETE ON deposits FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER document_requests_file_version AFTER INSERT OR UPDATE OR DELETE ON document_requests FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER events_file_version AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER feedback_file_version AFTER INSERT OR UPDATE OR DELETE ON feedback FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER feedback_opt_outs_file_version AFTER INSERT OR UPDATE OR DELETE ON feedback_opt_outs FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER file_status_history_file_version AFTER INSERT OR UPDATE OR DELETE ON file_status_history FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER instalment_plans_file_version AFTER INSERT OR UPDATE OR DELETE ON instalment_plans FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER invoices_file_version AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER messages_file_version AFTER INSERT OR UPDATE OR DELETE ON messages FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER modals_file_version AFTER INSERT OR UPDATE OR DELETE ON modals FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER payments_file_version AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER payments_made_file_version AFTER INSERT OR UPDATE OR DELETE ON payments_made FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER portal_orders_file_version AFTER INSERT OR UPDATE OR DELETE ON portal_orders FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER sepa_mandates_file_version AFTER INSERT OR UPDATE OR DELETE ON sepa_mandates FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER special_offers_file_version AFTER INSERT OR UPDATE OR DELETE ON special_offers FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
--> statement-breakpoint
CREATE TRIGGER uploads_file_version AFTER INSERT OR UPDATE OR DELETE ON uploads FOR EACH ROW EXECUTE FUNCTION file_version_from_file_id();
