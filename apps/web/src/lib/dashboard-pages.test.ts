import { describe, expect, it } from 'vitest';
import { DASHBOARD_PAGES, type DashboardPageName, pageModule } from '@/lib/dashboard-pages';
import { paths } from '@/lib/paths';

/** The source of every page module the router may load (app/routes/dashboard-routes.tsx globs the same files). */
const SOURCES = import.meta.glob<string>('../features/*/*-page.tsx', { query: '?raw', import: 'default', eager: true });

const names = Object.keys(DASHBOARD_PAGES) as DashboardPageName[];

describe('the page registry', () => {
  it.each(names)('%s: its code is a module of its feature exporting its component', (name) => {
    const { file, component } = pageModule(name);
    const source = SOURCES[`../${file}`];
    expect(source, `src/${file}`).toBeDefined();
    expect(source).toMatch(new RegExp(`export (function|const) ${component}\\b`));
  });

  it.each(names)('%s: its path is the paths table entry of its name', (name) => {
    expect(DASHBOARD_PAGES[name].path).toBe(paths[name].path);
  });

  it('names a page module by its feature and name', () => {
    expect(pageModule('addAdTransaction')).toEqual({
      file: 'features/billing/add-ad-transaction-page.tsx',
      component: 'AddAdTransactionPage',
    });
  });
});
