/** Query and mutation keys of labels (no imports: the query client registers defaults by them). */

export const labelKeys = {
  all: ['labels'] as const,
  list: ['labels', 'list'] as const,
};

export const labelMutationKeys = {
  create: ['labels', 'create'] as const,
};
