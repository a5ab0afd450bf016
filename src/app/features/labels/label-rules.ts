/** Checks of the create-label form (docs/labels.md "Label: name required"), with the shared label schema. */
import * as v from 'valibot';
import { labelSchema } from '../../../shared/schemas/label';

export interface LabelFormValues {
  name: string;
  color: string;
}

/** Field errors of the create-label form; empty when it may be sent. */
export function labelFormErrors(values: LabelFormValues): Partial<Record<keyof LabelFormValues, string>> {
  const result = v.safeParse(labelSchema, values);
  if (result.success) return {};
  const errors: Partial<Record<keyof LabelFormValues, string>> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue);
    if ((key === 'name' || key === 'color') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
