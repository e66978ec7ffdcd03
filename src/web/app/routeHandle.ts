import type { UIMatch } from 'react-router';
import type { TabKey } from '../../shared/permissions';

/** Static data on a route object: the header tab it belongs to and whether that tab's rule guards it. */
export interface RouteHandle {
  tab?: TabKey;
  /** Without the tab's capability (`TABS[i].rule`) the route redirects to /institution (spec §6). */
  guarded?: boolean;
}

/** The deepest matched route that names a tab. */
export function tabOfMatches(matches: UIMatch[]): RouteHandle {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.tab) return handle;
  }
  return {};
}
