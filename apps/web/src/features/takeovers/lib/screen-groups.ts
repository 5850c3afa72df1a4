import type { Screen } from '@adloop/contract/screens';

export type OutletScreens = { outlet: Screen['outlet']; screens: Screen[] };

/** Screens grouped by outlet (outlets by name, screens by code), keeping those matching the search. */
export function groupByOutlet(screens: readonly Screen[], search: string): OutletScreens[] {
  const needle = search.trim().toLowerCase();
  const matches = (screen: Screen) =>
    !needle ||
    [screen.screen_code, screen.name, screen.outlet.name, screen.outlet.outlet_code].some((text) =>
      text.toLowerCase().includes(needle),
    );
  const groups = new Map<string, OutletScreens>();
  for (const screen of screens) {
    if (!matches(screen)) continue;
    const group = groups.get(screen.outlet.id) ?? { outlet: screen.outlet, screens: [] };
    group.screens.push(screen);
    groups.set(screen.outlet.id, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.outlet.name.localeCompare(b.outlet.name))
    .map((group) => ({
      ...group,
      screens: group.screens.sort((a, b) => a.screen_code.localeCompare(b.screen_code)),
    }));
}
