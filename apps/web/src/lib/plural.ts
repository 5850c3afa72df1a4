import { formatCount } from '@/lib/count';

/** "1 screen", "3 screens", "1,200 plays": a count with its noun in the number it takes. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
