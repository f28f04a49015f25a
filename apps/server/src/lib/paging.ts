/** The page envelope every list answers: the rows, the page asked for and the total count. */
export const pager = <T>(q: { page: number; page_size: number }, r: { list: T[]; count: number }) => ({
  list: r.list,
  page: q.page,
  page_size: q.page_size,
  count: r.count,
});
