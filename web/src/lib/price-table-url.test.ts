import { describe, expect, it } from 'vitest';
import { emptyUrlField, keepUrl, takeSavedUrl, typeUrl, urlUnsaved } from './price-table-url.ts';

const SAVED = 'https://prices.example/table.json';
const TYPED = 'https://other.example/table.json';

describe('the price table URL field (one per device, shared by every template)', () => {
  it('shows the saved URL once it is read, and has nothing to save', () => {
    const field = emptyUrlField();
    takeSavedUrl(field, SAVED);
    expect(field.typed).toBe(SAVED);
    expect(urlUnsaved(field)).toBe(false);
  });

  it('keeps a URL typed but not fetched, and says it is not saved (the field outlives a template switch)', () => {
    const field = emptyUrlField();
    takeSavedUrl(field, SAVED);
    typeUrl(field, TYPED);
    // The next template's editor reads the same field: what was typed is still there.
    expect(field.typed).toBe(TYPED);
    expect(urlUnsaved(field)).toBe(true);
  });

  it('a read that comes back after the person typed does not overwrite what they typed', () => {
    const field = emptyUrlField();
    typeUrl(field, TYPED);
    takeSavedUrl(field, SAVED);
    expect(field.typed).toBe(TYPED);
    expect(field.saved).toBe(SAVED);
    expect(urlUnsaved(field)).toBe(true);
  });

  it('after Fetch saved it, the field shows what the device has and nothing is pending', () => {
    const field = emptyUrlField();
    takeSavedUrl(field, null);
    typeUrl(field, ` ${TYPED} `);
    keepUrl(field, TYPED);
    expect(field).toEqual({ saved: TYPED, typed: TYPED, edited: false });
    expect(urlUnsaved(field)).toBe(false);
  });

  it('an empty field with nothing saved, or only spaces around the saved URL, is not unsaved', () => {
    const field = emptyUrlField();
    expect(urlUnsaved(field)).toBe(false);
    takeSavedUrl(field, SAVED);
    typeUrl(field, ` ${SAVED} `);
    expect(urlUnsaved(field)).toBe(false);
    typeUrl(field, '');
    expect(urlUnsaved(field)).toBe(true);
  });
});
