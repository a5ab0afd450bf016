/**
 * What POST documents receives for a report (docs/reports.md): choosing no account or every wallet sends no
 * `wallets` (all wallets), choosing exchange accounts only sends `wallets: []`, and `cex` names the exchanges.
 */
import type { documentEndpoints, DocumentOut } from '../../../shared/contract/documents';
import type { BodyOf } from '../../../shared/contract/endpoint';
import type { CreatableReportKind } from '../../../shared/enums';

/** The accounts ticked in the form. */
export interface AccountSelection {
  walletIds: readonly string[];
  cexIds: readonly string[];
}

/** The accounts the user has, in the order the form lists them. */
export interface AccountsOwned {
  walletIds: readonly string[];
  cexIds: readonly string[];
}

export type ReportBody = BodyOf<typeof documentEndpoints.createReport>;
export type ReportAccountsBody = Pick<ReportBody, 'wallets' | 'cex'>;

/** PATCH documents/{id}: kind and accounts are locked once the report exists. */
export type ReportPatchBody = BodyOf<typeof documentEndpoints.updateReport>;

/** Only ids the user still owns, once each, in the owned order. */
function kept(chosen: readonly string[], owned: readonly string[]): string[] {
  const set = new Set(chosen);
  return owned.filter((id) => set.has(id));
}

/** The `wallets` and `cex` of a report for the ticked accounts. */
export function reportAccountsBody(selection: AccountSelection, owned: AccountsOwned): ReportAccountsBody {
  const wallets = kept(selection.walletIds, owned.walletIds);
  const cex = kept(selection.cexIds, owned.cexIds);
  // Nothing ticked: the report covers every account.
  if (wallets.length === 0 && cex.length === 0) return { cex: [...owned.cexIds] };
  // Exchange accounts only.
  if (wallets.length === 0) return { wallets: [], cex };
  // Every wallet: no list, so wallets added later are covered too.
  if (wallets.length === owned.walletIds.length) return { cex };
  return { wallets, cex };
}

export interface ReportFormValues {
  name: string;
  /** '' until a type is chosen. */
  kind: CreatableReportKind | '';
  start_date: string;
  end_date: string;
  selection: AccountSelection;
}

/** The POST body of a complete form (the caller checks the form has no errors first). */
export function reportBody(values: ReportFormValues, owned: AccountsOwned): ReportBody {
  if (values.kind === '') throw new Error('A report type is required.');
  return {
    name: values.name.trim(),
    kind: values.kind,
    ...reportAccountsBody(values.selection, owned),
    start_date: values.start_date,
    end_date: values.end_date,
  };
}

export function reportPatchBody(values: ReportFormValues): ReportPatchBody {
  return { name: values.name.trim(), start_date: values.start_date, end_date: values.end_date };
}

/** The ticked accounts of an existing report: no wallet list means every wallet. */
export function selectionOfReport(document: Pick<DocumentOut, 'wallets' | 'cex'>, owned: AccountsOwned): AccountSelection {
  return {
    walletIds: document.wallets === null ? [...owned.walletIds] : [...document.wallets],
    cexIds: [...document.cex],
  };
}

/** The accounts ticked when the dialog opens from a wallet or exchange card (docs/wallets.md). */
export function presetSelection(preset: { walletId?: string; cexId?: string }): AccountSelection {
  return {
    walletIds: preset.walletId ? [preset.walletId] : [],
    cexIds: preset.cexId ? [preset.cexId] : [],
  };
}
