import { inject, type ComputedRef, type InjectionKey } from 'vue';
import type { PriceTableUrlField } from '../../lib/price-table-url.ts';
import type { FormErrors, FormField, TemplateForm } from '../../lib/template-form.ts';
import type { ModelTemplate } from '../../lib/types.ts';

/** What the dialog shares with the editor's sections: the form being edited and its checks. */
export interface TemplateEditorState {
  /** Reactive; the sections edit it in place. Never holds the API key. */
  form: TemplateForm;
  errors: FormErrors;
  /** The saved template as the world shows it now (null while the form is a new template). */
  saved: ComputedRef<ModelTemplate | null>;
  /** Reactive; this device's price table URL, one for all templates, so it outlives a template switch. */
  priceTableUrl: PriceTableUrlField;
}

export const EDITOR_KEY: InjectionKey<TemplateEditorState> = Symbol('template-editor');

export function useTemplateEditor(): TemplateEditorState {
  const state = inject(EDITOR_KEY);
  if (!state) throw new Error('useTemplateEditor() outside the templates dialog');
  return state;
}

/** The data-testid of a field's error line. */
export const errorTestId = (field: FormField) => `template-error-${field}`;
