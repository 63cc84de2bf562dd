import { useRef, type PointerEvent, type ReactNode } from 'react';

/** A mouse drag of n pixels scrolls the row by 3n (docs/product/discovery.md §9). */
export const DRAG_SCROLL_FACTOR = 3;
/** Below this many pixels a press is a click on a card, not a drag. */
const DRAG_THRESHOLD_PX = 5;

/**
 * A horizontal row of cards: 1, 2 or 3 visible by width, scrollable by mouse drag (factor 3), by
 * touch (native) and by keyboard (the row is focusable, arrows scroll it).
 */
export function DragScrollRow({
  label,
  children,
  onFirstUse,
}: {
  label: string;
  children: ReactNode;
  /** Called when the row is first scrolled, focused or pressed (its hidden cards are then drawn). */
  onFirstUse?: () => void;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const used = useRef(false);
  function markUsed() {
    if (used.current) return;
    used.current = true;
    onFirstUse?.();
  }
  const drag = useRef<{ startX: number; startScroll: number; moved: boolean } | null>(null);

  function onPointerDown(event: PointerEvent<HTMLUListElement>) {
    markUsed();
    if (event.pointerType !== 'mouse' || event.button !== 0 || !ref.current) return;
    drag.current = { startX: event.clientX, startScroll: ref.current.scrollLeft, moved: false };
  }

  function onPointerMove(event: PointerEvent<HTMLUListElement>) {
    const state = drag.current;
    if (!state || !ref.current) return;
    const delta = event.clientX - state.startX;
    if (!state.moved && Math.abs(delta) < DRAG_THRESHOLD_PX) return;
    state.moved = true;
    ref.current.scrollLeft = state.startScroll - delta * DRAG_SCROLL_FACTOR;
  }

  function endDrag() {
    // Keep "moved" until the click that ends the drag has been swallowed.
    window.setTimeout(() => {
      drag.current = null;
    }, 0);
  }

  return (
    <ul
      ref={ref}
      aria-label={label}
      // A scrollable region must take the focus so that the arrow keys scroll it (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerEnter={markUsed}
      onScroll={markUsed}
      onFocus={markUsed}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerLeave={endDrag}
      onClickCapture={(event) => {
        if (drag.current?.moved) {
          event.preventDefault();
          event.stopPropagation();
        }
      }}
      onDragStart={(event) => event.preventDefault()}
      className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-3 md:-mx-1 md:scroll-px-1 md:gap-4 md:px-1 select-none focus-visible:outline-3 focus-visible:outline-lantern-500"
    >
      {children}
    </ul>
  );
}

/** One slot of a row: 85 % of the width on mobile, half from 768 px, a third from 1024 px. */
export const ROW_ITEM_CLASS =
  // On a phone the next card peeks in (85 %): the row shows it scrolls (issue 15).
  'w-[85%] shrink-0 snap-start md:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]';
