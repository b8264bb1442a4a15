/**
 * The merge of import lines into the portal (decision 096), set-based and the same SQL on
 * PostgreSQL and PGlite, inside the caller's transaction: creditors by name (their address the last
 * line's), debtors by the agency's
 * key, files by reference (`INSERT … ON CONFLICT (refno, subcase) DO UPDATE`), and a status change
 * of an existing file (and a new file's first status) written to its status history, as the
 * status upsert writes it
 * (server/agency/file-status.ts). A row that would not change is not written, so the same batch
 * again changes nothing. Within a chunk the last line of a reference (or a debtor key) wins, as it
 * does across chunks. A deleted file is left as it is. The versions the agency's ETags name are not
 * written here: a file or debtor the merge changed gets its next version when the API next reads
 * or writes it (server/agency/versions.ts, decision 099).
 *
 * One set of rules, two sources of lines (decision 099): a chunk of the bulk import reads the
 * staging table's rows of its import (`mergeChunk`, after COPY); the upsert of one file or one
 * debtor hands its line as JSON in the staging table's shape (`mergeLines`, `mergeDebtors`), inside
 * its own transaction, without COPY.
 */
import { portalFeeKinds } from '../../claims/costs.ts';
import { agencyEventKinds } from '../../claims/file-history.ts';
import type { ImportDebtor, ImportLine } from './line.ts';
import { debtorRecord, lineDebtorColumns, lineFileColumns, stageRecord, type SqlRunner } from './stage.ts';

export interface MergeCounts {
  creditorsCreated: number;
  /** Creditors the portal knew whose address changed. */
  creditorsUpdated: number;
  debtorsCreated: number;
  debtorsUpdated: number;
  filesCreated: number;
  filesUpdated: number;
  /** Lines naming a file deleted in the portal, which is left as it is. */
  filesDeleted: number;
  statusChanges: number;
}

const debtorColumns = lineDebtorColumns;

/**
 * Where a merge reads its lines, as `s` with the staging table's columns, and the value of its
 * `$1`: one import's staged rows, or rows given as JSON (`jsonb_populate_recordset` makes them
 * rows of the staging table's type, a column left out null).
 */
interface LineSource {
  rows: string;
  param: unknown;
}

const staged = (importId: number): LineSource => ({
  rows: `(select * from agency_import_stage where import_id = $1) s`,
  param: importId,
});

const given = (records: Array<Record<string, unknown>>): LineSource => ({
  rows: `jsonb_populate_recordset(null::agency_import_stage, $1::jsonb) s`,
  param: JSON.stringify(records),
});

/** The file's columns the merge writes: the ids it resolves, then what the line sets. */
const fileColumns = ['debtor_id', 'variant', 'creditor_id', 'original_creditor_id', 'currency', ...lineFileColumns];

/** The creditors the chunk names, each with the address of its last line naming it. */
const namedCreditors = (rows: string) => `
named as (
  select line, creditor_name as name, creditor_street as street, creditor_postal_code as postal_code,
         creditor_city as city, creditor_country as country
    from ${rows}
  union all
  select line, original_creditor_name, original_creditor_street, original_creditor_postal_code,
         original_creditor_city, original_creditor_country
    from ${rows} where original_creditor_name is not null
), last_named as (
  select distinct on (name) name, street, postal_code, city, country from named order by name, line desc
)`;

/** Creditors named in the chunk that the portal does not know yet, made with their address. */
const mergeCreditors = (rows: string) => `
with ${namedCreditors(rows)}
insert into creditors (name, street, postal_code, city, country)
select name, street, postal_code, city, country from last_named n
 where not exists (select 1 from creditors c where c.name = n.name)`;

/**
 * Creditors the portal knows whose address the chunk gives otherwise: the agency's system holds
 * the current one, which the debtor is shown (RDG § 13a), so the last line naming it wins, as for
 * a debtor.
 */
const moveCreditors = (rows: string) => `
with ${namedCreditors(rows)}
update creditors c set street = n.street, postal_code = n.postal_code, city = n.city, country = n.country
  from last_named n
 where c.name = n.name
   and (c.street, c.postal_code, c.city, c.country) is distinct from (n.street, n.postal_code, n.city, n.country)`;

/**
 * A debtor the portal holds without the agency's key (a file made before imports, the demo) takes
 * the key of its file's line, so that the import updates that debtor instead of making another.
 */
const adoptDebtors = (rows: string) => `
with by_debtor as (
  select distinct on (f.debtor_id) f.debtor_id, s.debtor_key, s.line
    from ${rows}
    join files f on f.refno = s.refno and f.subcase = s.subcase
   order by f.debtor_id, s.line desc
), by_key as (
  select distinct on (debtor_key) debtor_id, debtor_key from by_debtor order by debtor_key, line desc
)
update debtors d set agency_key = k.debtor_key
  from by_key k
 where d.id = k.debtor_id and d.agency_key is null
   and not exists (select 1 from debtors x where x.agency_key = k.debtor_key)`;

/**
 * The debtors of the lines, by the agency's key. The e-mail address and the personal number's hash
 * are kept when a line has none: the debtor may have given the address in the portal, and the
 * number is never read back, so a GET changed and PUT again carries null for it.
 */
const mergeDebtorRows = (rows: string) => `
with incoming as (
  select distinct on (debtor_key) debtor_key, email, personal_number_hash, ${debtorColumns.join(', ')}
    from ${rows} order by debtor_key, line desc
), merged as (
  insert into debtors (agency_key, email, personal_number_hash, ${debtorColumns.join(', ')})
  select debtor_key, email, personal_number_hash, ${debtorColumns.join(', ')} from incoming
  on conflict (agency_key) do update set
    ${debtorColumns.map((c) => `${c} = excluded.${c}`).join(', ')},
    email = coalesce(excluded.email, debtors.email),
    personal_number_hash = coalesce(excluded.personal_number_hash, debtors.personal_number_hash),
    updated_at = $2::timestamptz
  where (${debtorColumns.map((c) => `debtors.${c}`).join(', ')}, debtors.email, debtors.personal_number_hash)
        is distinct from (${debtorColumns.map((c) => `excluded.${c}`).join(', ')}, coalesce(excluded.email, debtors.email),
                          coalesce(excluded.personal_number_hash, debtors.personal_number_hash))
  returning (xmax = 0) as inserted
)
select count(*) filter (where inserted)::int as created, count(*) filter (where not inserted)::int as updated
  from merged`;

/** The chunk's last line of each reference, with the ids of its debtor and creditors. */
const incomingFiles = (rows: string) => `
incoming as (
  select distinct on (refno, subcase) s.* from ${rows} order by refno, subcase, line desc
), creditor_ids as (
  select name, min(id) as id from creditors group by name
), resolved as (
  select i.refno, i.subcase, d.id as debtor_id, i.variant, c.id as creditor_id, o.id as original_creditor_id,
         i.currency, i.status_code, i.sub_state, i.status_date, i.claim_subject, i.subject_key, i.subject_params,
         i.contract_date, i.main_claim_minor, i.interest_minor, i.costs_minor, i.cost_lines, i.history, i.payments_minor,
         i.interest_rate_bp, i.interest_basis, i.interest_from, i.address_traced, i.has_video,
         i.show_event_history, i.show_upload_center, i.letter_link_is_full_login, i.instalment_error_code,
         i.deposit_required_minor, i.functions_blocked, i.legal_blocking
    from incoming i
    join debtors d on d.agency_key = i.debtor_key
    join creditor_ids c on c.name = i.creditor_name
    left join creditor_ids o on o.name = i.original_creditor_name
)`;

/**
 * Existing files whose status the chunk changes (locked first): a line of the status history each,
 * as PUT /files/{reference}/status writes it.
 */
const recordStatusChanges = (rows: string) => `
with ${incomingFiles(rows)}, changed as (
  select f.id, r.refno, r.subcase, r.status_code, r.sub_state
    from resolved r
    join files f on f.refno = r.refno and f.subcase = r.subcase
   where f.deleted_at is null
     and (f.status_code, f.sub_state, f.status_date) is distinct from (r.status_code, r.sub_state, r.status_date)
     for update of f
), history as (
  insert into file_status_history (file_id, status_code, sub_state, changed_at, reason)
  select id, status_code, sub_state, $2::timestamptz, $3::text from changed
)
select count(*)::int as changed from changed`;

/**
 * Rows of a file the line gives as a list (its cost lines, its history): a list replaces the
 * file's rows of the agency's own (`own`, over the table as `c`) when it differs from them, in the
 * list's order; null keeps them (decision 105). `element` is a held row as the list's JSON element
 * and `values` the table's columns made from an element `e.item`; the rows are read back in the
 * order they were written (`order`), so the same list again is equal and writes nothing.
 */
interface FileList {
  column: string;
  table: string;
  own: string;
  element: string;
  order: string;
  columns: string;
  values: string;
}

/** The portal's own agreement fees: a line's cost lines never replace them. */
const portalFees = portalFeeKinds.map((kind) => `'${kind}'`).join(', ');

const costLinesList: FileList = {
  column: 'cost_lines',
  table: 'collection_costs',
  own: `c.kind not in (${portalFees})`,
  element: `jsonb_build_object('kind', c.kind, 'amountMinor', c.amount_minor, 'legalBasis', c.legal_basis,
                               'vatIncluded', c.vat_included)`,
  order: 'c.id',
  columns: 'kind, amount_minor, legal_basis, vat_included',
  values: `e.item->>'kind', (e.item->>'amountMinor')::integer, e.item->>'legalBasis',
           coalesce((e.item->>'vatIncluded')::boolean, false)`,
};

/** The agency's events of the file's history, dated at noon UTC: the same calendar day in Europe. */
const historyList: FileList = {
  column: 'history',
  table: 'events',
  own: `c.kind in (${agencyEventKinds.map((kind) => `'${kind}'`).join(', ')})`,
  element: `jsonb_build_object('on', to_char(c.occurred_at at time zone 'UTC', 'YYYY-MM-DD'), 'kind', c.kind,
                               'letter', c.detail->>'letter')`,
  order: 'c.occurred_at, c.id',
  columns: 'occurred_at, kind, detail',
  values: `((e.item->>'on')::date + time '12:00') at time zone 'UTC', e.item->>'kind',
           case when e.item->>'letter' is null then null else jsonb_build_object('letter', e.item->>'letter') end`,
};

const fileLists = [costLinesList, historyList];

/** The statement's part for one list: given, held, changed, then the rows removed and written. */
const replaceList = (l: FileList) => `
${l.column}_given as (
  select f.id, false as inserted, r.${l.column} as given
    from resolved r join files f on f.refno = r.refno and f.subcase = r.subcase
   where r.${l.column} is not null and f.deleted_at is null
  union all
  select m.id, true, r.${l.column}
    from resolved r join merged m on m.refno = r.refno and m.subcase = r.subcase
   where r.${l.column} is not null and m.inserted
), ${l.column}_held as (
  select c.file_id, jsonb_agg(${l.element} order by ${l.order}) as held
    from ${l.table} c join ${l.column}_given g on g.id = c.file_id
   where ${l.own}
   group by c.file_id
), ${l.column}_changed as (
  select g.id, g.inserted, g.given from ${l.column}_given g left join ${l.column}_held h on h.file_id = g.id
   where g.given is distinct from coalesce(h.held, '[]'::jsonb)
), ${l.column}_removed as (
  delete from ${l.table} c using ${l.column}_changed x where c.file_id = x.id and ${l.own}
), ${l.column}_written as (
  insert into ${l.table} (file_id, ${l.columns})
  select x.id, ${l.values}
    from ${l.column}_changed x cross join lateral jsonb_array_elements(x.given) with ordinality as e(item, n)
   order by x.id, e.n
)`;

/**
 * The files of the chunk, made or updated, in one statement with their cost lines and history
 * (`replaceList`). A file whose lists alone changed counts as updated. New files are seen through
 * the insert's `returning`, since a statement does not see its own rows.
 */
const mergeFiles = (rows: string) => `
with ${incomingFiles(rows)}, merged as (
  insert into files (refno, subcase, ${fileColumns.join(', ')})
  select refno, subcase, ${fileColumns.join(', ')} from resolved
  on conflict (refno, subcase) do update set ${fileColumns.map((c) => `${c} = excluded.${c}`).join(', ')}
  where files.deleted_at is null
    and (${fileColumns.map((c) => `files.${c}`).join(', ')}) is distinct from (${fileColumns.map((c) => `excluded.${c}`).join(', ')})
  returning id, refno, subcase, status_code, sub_state, (xmax = 0) as inserted
), status_history as (
  insert into file_status_history (file_id, status_code, sub_state, changed_at, reason)
  select id, status_code, sub_state, $2::timestamptz, $3::text from merged where inserted
), ${fileLists.map(replaceList).join(', ')}
select (select count(*) from merged where inserted)::int as created,
       (select count(*) from (select id from merged where not inserted
                              ${fileLists.map((l) => `union select id from ${l.column}_changed where not inserted`).join('\n                              ')}) changed)::int as updated,
       (select count(*) from resolved r join files f on f.refno = r.refno and f.subcase = r.subcase
         where f.deleted_at is not null)::int as deleted`;

/**
 * Waits for the merge's turn: one merge of creditors at a time, so that two imports naming a new
 * creditor make it once. The merge takes it first; an upsert that locks rows before it merges
 * takes it before those (decision 099), so that an import's chunk and the upsert wait for one
 * another's whole transaction and never each for a row the other holds (a deadlock).
 */
export async function awaitMergeTurn(tx: SqlRunner): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('debtor-portal:import-creditors', 0))`);
}

/**
 * The merge itself; `reason` is what the status history says of the changes (`import` for a batch,
 * `agency` for a file put by the API, as the status upsert says by default).
 */
async function mergeFrom(tx: SqlRunner, source: LineSource, now: Date, reason: string): Promise<MergeCounts> {
  await awaitMergeTurn(tx);
  const moved = await tx.query(moveCreditors(source.rows), [source.param]);
  const creditors = await tx.query(mergeCreditors(source.rows), [source.param]);
  await tx.query(adoptDebtors(source.rows), [source.param]);
  const debtors = await tx.query<{ created: number; updated: number }>(mergeDebtorRows(source.rows), [
    source.param,
    now,
  ]);
  const status = await tx.query<{ changed: number }>(recordStatusChanges(source.rows), [source.param, now, reason]);
  const files = await tx.query<{ created: number; updated: number; deleted: number }>(mergeFiles(source.rows), [
    source.param,
    now,
    reason,
  ]);
  return {
    creditorsCreated: creditors.rowCount,
    creditorsUpdated: moved.rowCount,
    debtorsCreated: debtors.rows[0]!.created,
    debtorsUpdated: debtors.rows[0]!.updated,
    filesCreated: files.rows[0]!.created,
    filesUpdated: files.rows[0]!.updated,
    filesDeleted: files.rows[0]!.deleted,
    statusChanges: status.rows[0]!.changed,
  };
}

/** Merges the staged chunk of import `importId` and empties its staging rows; `now` dates what it writes. */
export async function mergeChunk(tx: SqlRunner, importId: number, now: Date): Promise<MergeCounts> {
  const counts = await mergeFrom(tx, staged(importId), now, 'import');
  await tx.query(`delete from agency_import_stage where import_id = $1`, [importId]);
  return counts;
}

/**
 * Merges lines already read by the line format in the caller's transaction, by the same rules as
 * a chunk of the bulk import (the last of a reference or debtor key wins), without COPY: the upsert
 * of one file (PUT /files/{reference}, decision 099).
 */
export async function mergeLines(
  tx: SqlRunner,
  lines: ImportLine[],
  now: Date,
  reason = 'agency',
): Promise<MergeCounts> {
  return mergeFrom(tx, given(lines.map((line, i) => stageRecord(0, i + 1, line))), now, reason);
}

/**
 * Merges debtors alone (the debtor part of a line) in the caller's transaction, by the rules a
 * line's debtor is merged by: the upsert of one debtor (PUT /debtors/{key}, decision 099).
 */
export async function mergeDebtors(
  tx: SqlRunner,
  debtors: ImportDebtor[],
  now: Date,
): Promise<{ created: number; updated: number }> {
  const source = given(debtors.map((debtor, i) => ({ import_id: 0, line: i + 1, ...debtorRecord(debtor) })));
  const merged = await tx.query<{ created: number; updated: number }>(mergeDebtorRows(source.rows), [
    source.param,
    now,
  ]);
  return merged.rows[0]!;
}
