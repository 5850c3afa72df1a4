import type { PageMeta } from '@adloop/contract/common';
import { type LucideIcon, PlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table/data-table';
import { ListPagination } from '@/components/data-table/list-pagination';
import { ClearFiltersButton, FilterSelect, ListSearch, ListToolbar } from '@/components/data-table/list-toolbar';
import { EmptyState } from '@/components/empty-state';
import { PageLinkButton } from '@/components/layouts/page-link-button';
import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import type { ListParams } from '@/hooks/use-list-params';

/** The page's add button: a link to the create page, or an action on the page (a dialog). */
export type CreateAction = { label: string } & ({ to: string } | { onClick: () => void });

/** What a list query answers, as TanStack Query holds it. */
type PageQuery<Row> = {
  data: { data: Row[]; meta: PageMeta } | undefined;
  isLoading: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
};

type ResourceListProps<Row, Filter extends string> = {
  description: string;
  /** Offered beside the title and by the empty list; left out when the caller may not add. */
  create?: CreateAction;
  /** Further links beside the add button (another way to add, e.g. pairing a display). */
  actions?: ReactNode;
  /** The page, search, sort and filters in the address bar, and the query they made (`useResourcePage`). */
  page: { list: ListParams<Filter>; query: { sort?: string }; result: PageQuery<Row> };
  /**
   * The table: its accessible name ("Companies"), what it holds for "Showing 1–20 of 43 companies",
   * its columns and each row's menu; rows are told apart by `id` unless `rowKey` says otherwise.
   */
  table: {
    label: string;
    noun: string;
    columns: DataColumn<Row>[];
    rowKey?: (row: Row) => string;
    rowActions?: (row: Row) => ReactNode;
  };
  search?: { label: string; placeholder: string };
  /** The list's filters, after the search. */
  filters?: ReactNode;
  /** Between the filters and the table, e.g. totals of what is listed. */
  summary?: ReactNode;
  icon: LucideIcon;
  /** Nothing to list yet. */
  empty: { title: string; description: string };
  /** Nothing matches the search and filters. */
  filteredEmpty: { title: string; description: string; clearLabel?: string };
  /** Dialogs the rows open. */
  children?: ReactNode;
};

/** Most rows are told apart by their id. */
const idOf = (row: unknown) => (row as { id: string }).id;

function CreateButton({ action }: { action: CreateAction }) {
  if ('to' in action) return <PageLinkButton to={action.to} icon={PlusIcon} label={action.label} />;
  return (
    <Button onClick={action.onClick}>
      <PlusIcon aria-hidden="true" />
      {action.label}
    </Button>
  );
}

/**
 * A dashboard page that lists one resource: title and add button, search and filters kept in the
 * address bar, the table with its loading, error and empty states, and paging.
 */
export function ResourceList<Row, Filter extends string>(props: ResourceListProps<Row, Filter>) {
  const { list, query, result } = props.page;
  const { create, icon, table } = props;
  const createButton = create ? <CreateButton action={create} /> : null;
  return (
    <PageShell
      description={props.description}
      actions={
        props.actions || createButton ? (
          <>
            {props.actions}
            {createButton}
          </>
        ) : undefined
      }
    >
      <ListToolbar>
        {props.search ? (
          <ListSearch
            value={list.q}
            onSearch={list.setSearch}
            label={props.search.label}
            placeholder={props.search.placeholder}
          />
        ) : null}
        {props.filters}
        {list.hasFilters ? <ClearFiltersButton onClear={list.clear} /> : null}
      </ListToolbar>
      {props.summary}
      <DataTable
        label={table.label}
        columns={table.columns}
        rows={result.data?.data}
        rowKey={table.rowKey ?? idOf}
        loading={result.isLoading}
        refreshing={result.isPlaceholderData}
        error={result.isError}
        onRetry={() => result.refetch()}
        sort={query.sort}
        onSortChange={list.setSort}
        rowActions={table.rowActions}
        empty={
          list.hasFilters ? (
            <EmptyState icon={icon} title={props.filteredEmpty.title} description={props.filteredEmpty.description}>
              <Button variant="outline" onClick={list.clear}>
                {props.filteredEmpty.clearLabel ?? 'Clear filters'}
              </Button>
            </EmptyState>
          ) : (
            <EmptyState icon={icon} title={props.empty.title} description={props.empty.description}>
              {createButton}
            </EmptyState>
          )
        }
      />
      <ListPagination
        meta={result.data?.meta}
        noun={table.noun}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
      {props.children}
    </PageShell>
  );
}

type PageFilterSelectProps<Filter extends string> = {
  page: { list: ListParams<Filter>; query: { [Key in Filter]?: string } };
  /** The address-bar filter it sets, e.g. `status`. */
  name: Filter;
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** A select of a list page's filters, showing and setting one filter of its address bar. */
export function PageFilterSelect<Filter extends string>({ page, name, ...select }: PageFilterSelectProps<Filter>) {
  return <FilterSelect {...select} value={page.query[name]} onChange={(value) => page.list.setFilter(name, value)} />;
}
