import { countOf, formatDollars } from '@web-shared/format';

interface CartSummaryBarProps {
  count: number;
  total: number;
  onShowCart: () => void;
}

/** On a phone the cart sits below a long list: this bar keeps it one tap away. */
export function CartSummaryBar({ count, total, onShowCart }: CartSummaryBarProps) {
  return (
    <div className="picker-summary-bar">
      <span className="picker-summary-bar__text">
        <strong>{countOf(count, 'county', 'counties')}</strong> · {formatDollars(total)}
      </span>
      <button type="button" className="btn btn--default btn--size-sm" onClick={onShowCart}>
        View cart
      </button>
    </div>
  );
}
