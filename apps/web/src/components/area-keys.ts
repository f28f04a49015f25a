/** The region query keys (decision 090): the children of one region ('0' = the provinces), never stale. */
export const areaKeys = {
  all: ['area'] as const,
  children: (parentID: string | undefined) => [...areaKeys.all, parentID] as const,
};
