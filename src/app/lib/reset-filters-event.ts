/** The window event after which filtered screens drop their filters (a saved wallet or exchange change). */
export const RESET_FILTERS_EVENT = 'reset-filters';
