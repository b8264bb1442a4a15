/**
 * Everything the dashboard shows for the session's file, derived on the server: the claim,
 * status, amount to pay, next instalment and the actions the file allows. The assistant's
 * "claim_balance" answer uses the same function.
 */
import { formatReference } from '../auth/reference.ts';
import { sql } from 'drizzle-orm';
import { withDatabase, type Database } from '../db/client.ts';
import type * as t from '../db/schema.ts';
import { todayForVariant } from '../dates.ts';
import {
  announcementFromColumn,
  pendingAnnouncementColumn,
  type pendingAnnouncement,
} from '../payments-announced/announce.ts';
import { summarise, uploadCenterShown, type DocumentStatus } from '../documents/upload-center.ts';
import { fileRef, readFile, type ExtrasOf, type FileFacts, type FileRead } from './facts.ts';
import {
  modalSituation,
  selectPendingModals,
  type ModalKind,
  type PendingModal,
  type PendingModalsOptions,
} from './modals.ts';
import { noticeState, type NoticeOfCompletionState } from './notice-of-completion.ts';
import { claimSubject, type ClaimSubject } from './subjects.ts';
import {
  actionFlags,
  amountToPay,
  isSpecialOfferValid,
  statusView,
  type ActionFlags,
  type AmountToPay,
  type StatusView,
} from './rules.ts';

export interface DashboardView {
  fileId: number;
  reference: string;
  variant: string;
  debtor: { salutation: number; firstName: string | null; lastName: string | null; companyName: string | null };
  creditor: { name: string; logo: string | null };
  originalCreditor: string | null;
  claimSubject: ClaimSubject;
  currency: string;
  openAmountMinor: number;
  /**
   * The day the figures are as of ("Stand"): today in the file's own time zone, as every figure is
   * read live; never a status's due or pay-by date, which may lie ahead.
   */
  asOf: string;
  status: StatusView;
  /** A payment the debtor announced that staff have not checked yet: a note beside the status. */
  announcedPayment: Awaited<ReturnType<typeof pendingAnnouncement>>;
  amountToPay: AmountToPay;
  nextInstalment: { dueOn: string; amountMinor: number; isSepa: boolean; sepaFailed: boolean } | null;
  /** With an active plan: what is still to pay in all, the file's open amount (fees included). */
  remainingPlanMinor: number | null;
  /** A special settlement offer that can still be taken: its amount, last day, and the open amount it settles. */
  specialOffer: { amountMinor: number; validTill: string; settlesMinor: number } | null;
  downPaymentDueOn: string | null;
  flags: ActionFlags;
  functionsBlocked: boolean;
  hasVideo: boolean;
}

/**
 * What the dashboard view shows besides the facts, as columns of the file's one statement
 * (server/claims/facts.ts `readFile`): the creditors' names, the debtor's name, the announced
 * payment staff have not checked yet.
 */
const viewColumns = {
  creditor: sql<{ name: string; logo: string | null }>`(
    select json_build_object('name', c.name, 'logo', c.logo_path) from creditors c where c.id = "files"."creditor_id")`,
  originalCreditor: sql<string | null>`(select c.name from creditors c where c.id = "files"."original_creditor_id")`,
  debtor: sql<DashboardView['debtor'] & { id: number; email: string | null; inFloodedArea: boolean }>`(
    select json_build_object(
      'id', d.id, 'salutation', d.salutation, 'firstName', d.first_name, 'lastName', d.last_name,
      'companyName', d.company_name, 'email', d.email, 'inFloodedArea', d.in_flooded_area)
    from debtors d where d.id = "files"."debtor_id")`,
  announcedPayment: pendingAnnouncementColumn,
};

/** The dashboard page's own reads on top: the file's modal rows and the statuses of the documents asked for. */
export const dashboardPageColumns = {
  ...viewColumns,
  modalRows: sql<
    Array<{ id: number; kind: ModalKind; orderNo: number; payload: ModalRow['payload']; acknowledgedAt: string | null }>
  >`(
    select coalesce(json_agg(json_build_object(
      'id', m.id, 'kind', m.kind, 'orderNo', m.order_no, 'payload', m.payload, 'acknowledgedAt', m.acknowledged_at)
      order by m.order_no, m.id), '[]'::json)
    from modals m where m.file_id = ${fileRef})`,
  documentStatuses: sql<DocumentStatus[]>`(
    select coalesce(json_agg(r.status order by r.category_position, r.id), '[]'::json)
    from document_requests r where r.file_id = ${fileRef})`,
};

type ModalRow = typeof t.modals.$inferSelect;

export async function loadDashboard(db: Database, fileId: number, todayArg?: string): Promise<DashboardView | null> {
  return (await loadDashboardAndFacts(db, fileId, todayArg))?.view ?? null;
}

/**
 * The dashboard view and the file's facts it was made from, for the caller to hand on (the
 * modals, the notice of completion, the assistant): one statement for both.
 */
export async function loadDashboardAndFacts(
  db: Database,
  fileId: number,
  todayArg?: string,
): Promise<{ view: DashboardView; facts: FileFacts } | null> {
  const read = await readFile(db, fileId, viewColumns);
  if (!read) return null;
  const today = todayArg ?? todayForVariant(read.file.variant);
  const facts = read.factsOn(today);
  return { view: dashboardView(read.file, read.extras, today, facts), facts };
}

export interface DashboardPage {
  view: DashboardView;
  facts: FileFacts;
  modals: PendingModal[];
  notice: NoticeOfCompletionState;
  /** Documents still asked for while the upload center is on (spec 3), else 0. */
  outstandingDocuments: number;
}

/**
 * Everything the dashboard page shows, from one statement: the view, the modals to show (as
 * `pendingModals` decides them), the notice of completion (as `noticeOfCompletionState`) and the
 * documents still asked for (as `loadUploadCenter` counts them).
 */
export async function loadDashboardPage(
  db: Database,
  fileId: number,
  options: DashboardPageOptions = {},
): Promise<DashboardPage | null> {
  const read = await readFile(db, fileId, dashboardPageColumns);
  return read && dashboardPageFrom(read, options);
}

export type DashboardPageOptions = Pick<PendingModalsOptions, 'level' | 'announcement' | 'now'> & { today?: string };

/**
 * The dashboard page from a read of the file that has `dashboardPageColumns` among its extras
 * (the assistant reads them with the checkout's in one statement per turn).
 */
export function dashboardPageFrom(
  read: FileRead<typeof dashboardPageColumns>,
  options: DashboardPageOptions = {},
): DashboardPage {
  const today = options.today ?? todayForVariant(read.file.variant);
  const facts = read.factsOn(today);
  const { debtor, modalRows, documentStatuses } = read.extras;
  const rows = modalRows.map((row) => ({
    ...row,
    acknowledgedAt: row.acknowledgedAt ? new Date(row.acknowledgedAt) : null,
  }));
  const owner = { debtorId: debtor.id, email: debtor.email, inFloodedArea: debtor.inFloodedArea };
  const documents = documentStatuses.map((status) => ({ status }));
  return {
    view: dashboardView(read.file, read.extras, today, facts),
    facts,
    modals: selectPendingModals(modalSituation(facts, { owner, rows }, today, options)),
    notice: noticeState(facts, today, debtor.email),
    outstandingDocuments: uploadCenterShown(read.file.showUploadCenter, documents)
      ? summarise(documents).outstanding
      : 0,
  };
}

function dashboardView(
  file: typeof t.files.$inferSelect,
  extras: ExtrasOf<typeof viewColumns>,
  today: string,
  facts: FileFacts,
): DashboardView {
  const { creditor, originalCreditor, debtor, announcedPayment } = extras;
  const next = facts.plan?.status === 'active' ? facts.plan.next : null;
  return {
    fileId: file.id,
    reference: formatReference(facts.refno, facts.subcase),
    variant: file.variant,
    debtor: {
      salutation: debtor.salutation,
      firstName: debtor.firstName,
      lastName: debtor.lastName,
      companyName: debtor.companyName,
    },
    creditor: { name: creditor.name, logo: creditor.logo },
    originalCreditor,
    claimSubject: claimSubject(file.claimSubject, file.subjectKey, file.subjectParams),
    currency: facts.currency,
    openAmountMinor: facts.totalMinor,
    asOf: today,
    status: statusView(facts, today),
    announcedPayment: announcementFromColumn(announcedPayment),
    amountToPay: amountToPay(facts, today),
    nextInstalment: next
      ? {
          dueOn: next.dueOn,
          amountMinor: next.amountMinor,
          isSepa: facts.plan!.isSepa,
          sepaFailed: facts.plan!.sepaFailed,
        }
      : null,
    remainingPlanMinor: facts.plan?.status === 'active' ? Math.max(0, facts.totalMinor) : null,
    specialOffer: isSpecialOfferValid(facts.specialOffer, today)
      ? {
          amountMinor: facts.specialOffer.amountMinor,
          validTill: facts.specialOffer.validTill,
          settlesMinor: Math.max(0, facts.totalMinor),
        }
      : null,
    downPaymentDueOn: facts.downPayment?.status === 'pending' ? facts.downPayment.dueOn : null,
    flags: actionFlags(facts, today),
    functionsBlocked: facts.functionsBlocked,
    hasVideo: facts.hasVideo,
  };
}

/** loadDashboardPage as a page calls it: it opens the database itself (decision 077). */
export const loadDashboardPageForPage = withDatabase(loadDashboardPage);
