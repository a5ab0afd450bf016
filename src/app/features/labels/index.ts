/** What other features use of labels. */
export { isLastLabelChange, latestLabelSets, newerLabelChangePending, usePendingLabelSets, withLabelSets, type LabelChange } from './label-changes';
export { LabelChip, LabelChips } from './label-chip';
export { labelMutationKeys } from './label-keys';
export { LabelPicker } from './label-picker';
export { createLabelDefaults, labelsQuery, type LabelTarget } from './label-queries';
