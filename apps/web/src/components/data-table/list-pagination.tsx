import type { PageMeta } from '@adloop/contract/common';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const PAGE_SIZES = [10, 20, 50, 100] as const;

type ListPaginationProps = {
  meta: PageMeta | undefined;
  /** What the list holds, e.g. "ads", for "Showing 1–20 of 43 ads". */
  noun: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** Paging through a server-paged list, with the page size to choose. */
export function ListPagination({ meta, noun, onPageChange, onPageSizeChange }: ListPaginationProps) {
  if (!meta || meta.total === 0) return null;
  const pages = Math.max(1, Math.ceil(meta.total / meta.pageSize));
  const first = (meta.page - 1) * meta.pageSize + 1;
  const last = Math.min(meta.total, meta.page * meta.pageSize);

  return (
    <nav aria-label="Pagination" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {first > meta.total ? `No ${noun} on this page` : `Showing ${first}–${last} of ${meta.total} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        <span className="hidden text-sm text-muted-foreground sm:inline">Rows</span>
        <Select value={String(meta.pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
          <SelectTrigger size="sm" aria-label="Rows per page" className="w-20">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PAGE_SIZES.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {size}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <span className="ml-auto px-2 text-sm tabular-nums sm:ml-2">
          Page {meta.page} of {pages}
        </span>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Previous page"
          disabled={meta.page <= 1}
          onClick={() => onPageChange(Math.min(meta.page - 1, pages))}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Next page"
          disabled={meta.page >= pages}
          onClick={() => onPageChange(meta.page + 1)}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
