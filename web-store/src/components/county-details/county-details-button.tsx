import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { DetailsCounty, PlanChoice } from './plan-choice';
import './county-details-button.css';

// The panel is its own chunk, fetched on the first open (or the first hover or focus, to be ready
// by the click): the picker's first load and its rows pay nothing for it.
const loadDialog = () => import('./county-details-dialog');
const CountyDetailsDialog = lazy(loadDialog);

function prefetch() {
  void loadDialog();
}

interface CountyDetailsButtonProps {
  county: DetailsCounty;
  plans: PlanChoice;
}

/**
 * A "What you get" text button that opens the county's panel. It holds only whether the panel is
 * open, so a list of a hundred of them re-renders as cheaply as the buttons alone.
 */
export function CountyDetailsButton({ county, plans }: CountyDetailsButtonProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The county and plans as they were when opened: a list keyed by position may show another county here later.
  const [open, setOpen] = useState<{ county: DetailsCounty; plans: PlanChoice } | null>(null);
  const refocus = useRef(false);

  // Runs once the dialog has left the page, when the button can take focus again. After a plan was
  // chosen in the picker its list may move focus on, to the row that took the chosen one's place.
  useLayoutEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    buttonRef.current?.focus();
  }, [open]);

  const close = () => {
    refocus.current = true;
    setOpen(null);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="county-details-button"
        // A label rather than hidden text: one node fewer in each of a hundred rows.
        aria-label={`What you get: ${county.name}, ${county.state}`}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen({ county, plans })}
      >
        What you get
      </button>
      {open && (
        <Suspense fallback={null}>
          <CountyDetailsDialog county={open.county} plans={open.plans} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
