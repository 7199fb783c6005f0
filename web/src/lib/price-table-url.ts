/**
 * The price table URL field of the pricing section (ledger part 3 Spec 41 D2). The URL is one setting of
 * this device ({home}/price_table.json), the same for every template, and it is kept only when Fetch is
 * pressed. The editor is rebuilt for each template, so this state lives with the templates dialog:
 * a URL typed but not fetched yet stays in the field when the person moves to another template, and the
 * field says that it is not saved yet (instead of the old behaviour: silently back to the saved URL).
 */
export interface PriceTableUrlField {
  /** What this device has saved; undefined until it has been read. */
  saved: string | null | undefined;
  /** What the field shows. */
  typed: string;
  /** The person typed since the saved URL was read or kept: a late read must not overwrite it. */
  edited: boolean;
}

export function emptyUrlField(): PriceTableUrlField {
  return { saved: undefined, typed: '', edited: false };
}

/** The saved URL as read from the local server; it fills the field unless the person already typed. */
export function takeSavedUrl(field: PriceTableUrlField, url: string | null): void {
  field.saved = url;
  if (!field.edited) field.typed = url ?? '';
}

/** The person typed in the field. */
export function typeUrl(field: PriceTableUrlField, value: string): void {
  field.typed = value;
  field.edited = true;
}

/** The server kept a URL (Fetch saves what was typed first): the field shows what is now saved. */
export function keepUrl(field: PriceTableUrlField, url: string | null): void {
  field.saved = url;
  field.typed = url ?? '';
  field.edited = false;
}

/** Whether what is typed is not what this device has (Fetch saves it first; the field says so). */
export function urlUnsaved(field: PriceTableUrlField): boolean {
  return field.typed.trim() !== (field.saved ?? '');
}
