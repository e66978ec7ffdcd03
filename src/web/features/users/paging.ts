/**
 * Spec §4: "changing the page number in the users list moves to the previous index unless it is 0" —
 * the pager shows pages from 1, the search asks for zero-based indexes.
 */
export function pageIndexFor(pageNumber: number): number {
  return pageNumber > 0 ? pageNumber - 1 : 0;
}
