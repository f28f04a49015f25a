/** The voice announcement query keys (decision 090); a save invalidates `all`, so the announcer re-reads. */
export const broadcastKeys = {
  all: ['broadcast'] as const,
  settings: () => [...broadcastKeys.all, 'settings'] as const,
};
