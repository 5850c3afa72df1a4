import { type RefObject, useLayoutEffect, useState } from 'react';

const MIN_FONT_PX = 20;

/**
 * The largest font size (px) at which the text element fits its box without scrolling, found
 * by bisection and found again whenever the box is resized: a short notice fills the screen,
 * a 280-character one still fits whole.
 */
export function useFitText(
  box: RefObject<HTMLElement | null>,
  text: RefObject<HTMLElement | null>,
  content: string,
  maxFraction = 0.28,
): number {
  const [fontSize, setFontSize] = useState(MIN_FONT_PX);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message must be fitted again.
  useLayoutEffect(() => {
    const boxElement = box.current;
    const textElement = text.current;
    if (!boxElement || !textElement) return;
    const fit = () => {
      const { clientWidth, clientHeight } = boxElement;
      if (clientWidth === 0 || clientHeight === 0) return;
      const fits = (size: number) => {
        textElement.style.fontSize = `${size}px`;
        return textElement.scrollHeight <= clientHeight && textElement.scrollWidth <= clientWidth;
      };
      let low = MIN_FONT_PX;
      let high = Math.max(MIN_FONT_PX, Math.floor(Math.min(clientHeight, clientWidth) * maxFraction));
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (fits(middle)) low = middle;
        else high = middle;
      }
      const best = fits(high) ? high : low;
      textElement.style.fontSize = `${best}px`;
      setFontSize(best);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(boxElement);
    return () => observer.disconnect();
  }, [box, text, content, maxFraction]);

  return fontSize;
}
