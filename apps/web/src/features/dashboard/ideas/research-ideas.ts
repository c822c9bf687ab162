import {
  ALL_CALLS,
  getResearchCalls,
  matchesIdeaKeyword,
  sortByNumber,
  type IdeaCategory,
  type IdeaSegment,
  type ResearchIdea,
  type SortDirection,
} from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** Record counts (investing.md 9 "Ideas"): 30 in the full widget, 3 per tab on the dashboard. */
export const IDEAS_FULL = 30;
export const IDEAS_COMPACT = 3;
/** Statuses change as the market reaches targets and stop-losses. */
export const IDEAS_REFRESH_MS = 60_000;

export interface IdeasChoice {
  segment: IdeaSegment;
  category: IdeaCategory;
  subcategory: string;
}

/** /Ideas/GetResearchCalls. */
export function useResearchCalls(choice: IdeasChoice, count: number) {
  const data = { ...choice, recordcount: count };
  return useQuery({
    queryKey: ['ideas', data],
    queryFn: async ({ signal }): Promise<ResearchIdea[]> =>
      (await callApi(getResearchCalls, data, { signal })).data.ideas,
    refetchInterval: IDEAS_REFRESH_MS,
    retry: false,
  });
}

export type IdeasSortKey = 'callsenttime' | 'entryprice1' | 'targetprice1';

/** "27-11-2026 10:35" -> "2026112710:35", which orders as the time does. */
const sentKey = (idea: ResearchIdea) => {
  const [date = '', time = ''] = idea.callsenttime.split(' ');
  return date.split('-').reverse().join('') + time;
};

/** The rows shown: keyword search (investing.md 5), then the chosen sort; the server's order is newest first. */
export function shownIdeas(
  ideas: readonly ResearchIdea[],
  keyword: string,
  sort: IdeasSortKey,
  direction: SortDirection,
): ResearchIdea[] {
  const matching = ideas.filter((idea) => matchesIdeaKeyword(idea, keyword));
  if (sort === 'callsenttime') {
    const ordered = [...matching].sort((a, b) => sentKey(a).localeCompare(sentKey(b)));
    return direction === 'ASC' ? ordered : ordered.reverse();
  }
  return sortByNumber(matching, (idea) => idea[sort], direction);
}

export const DEFAULT_SUBCATEGORY = ALL_CALLS;
