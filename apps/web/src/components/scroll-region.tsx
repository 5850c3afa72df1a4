import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

type ScrollRegionProps = ComponentProps<'div'> & {
  /** What the box holds, e.g. the table's own label; named so a screen reader says what is scrolling. */
  label?: string;
};

/**
 * A box that scrolls its content (a wide table on a phone). While its content overflows it is a
 * tab stop, so keyboard users can scroll it with the arrow keys (WCAG 2.1.1); when everything
 * fits it adds no stop.
 */
export function ScrollRegion({ label, className, children, ...props }: ScrollRegionProps) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () =>
      setOverflows(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      // A named group rather than a region: a page of wide tables should not fill the landmark list.
      {...(overflows ? { tabIndex: 0, role: label ? 'group' : undefined, 'aria-label': label } : {})}
      className={cn('outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50', className)}
      {...props}
    >
      {children}
    </div>
  );
}
