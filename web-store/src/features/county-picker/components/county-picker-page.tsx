import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { planFor, PLANS, PurchaseType } from '@contracts/plans';
import { toast } from '@/components/ui/toast';
import { cart, cartTotal, useCart } from '@/lib/cart';
import { useCounties } from '@/lib/counties';
import { formatDollars } from '@web-shared/format';
import { trackEvent } from '@/lib/journey';
import { addAllMessage, addToCartMessage, CART_EMPTY } from '../cart-messages';
import { ALL_STATES, filterCounties, indexCounties, PickerCounty, stateChoices } from '../county-filter';
import { CART_HEADING_ID, CartPanel } from './cart-panel';
import { AddStateCounties } from './add-state-counties';
import { CartSummaryBar } from './cart-summary-bar';
import { CountyMapPanel } from './county-map-panel';
import { CountyFilters } from './county-filters';
import { CountyResults, CountyResultsError, CountyResultsLoading } from './county-results';
import './county-picker.css';
import { PickerHeader } from './picker-header';
import { SiteFooter } from '@/components/site';

/** True while the element is on screen: the phone's summary bar hides when the cart itself is in view. */
function useInView(ref: React.RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

export default function CountyPickerPage() {
  const navigate = useNavigate();
  const counties = useCounties();
  const items = useCart();
  const [state, setState] = useState(ALL_STATES);
  const [search, setSearch] = useState('');

  useEffect(() => {
    document.title = 'Select Counties | County Data Store';
  }, []);

  const index = useMemo(() => indexCounties(counties.data ?? []), [counties.data]);
  const states = useMemo(() => stateChoices(counties.data ?? []), [counties.data]);
  const inCart = useMemo(() => new Set(items.map((item) => item.countyId)), [items]);
  const outcome = useMemo(() => filterCounties(index, { state, search, inCart }), [index, state, search, inCart]);
  const total = cartTotal(items);
  const stateCounties = useMemo(
    () => (state === ALL_STATES ? [] : (counties.data ?? []).filter((county) => county.state === state)),
    [counties.data, state],
  );
  const remainingInState = useMemo(
    () => stateCounties.filter((county) => !inCart.has(county.id)).length,
    [stateCounties, inCart],
  );

  const choose = useCallback((county: PickerCounty, purchaseType: PurchaseType): boolean => {
    const result = cart.add(county, purchaseType);
    toast(addToCartMessage(result, county, purchaseType));
    if (result !== 'added') return false;
    trackEvent('cart_add', {
      countyId: county.id,
      countyName: county.name,
      state: county.state,
      purchaseType,
      price: planFor(purchaseType).price,
    });
    return true;
  }, []);

  // One journey event for the group: a state holds up to 254 counties, past the per-visitor event limit.
  const addAll = (purchaseType: PurchaseType) => {
    const result = cart.addMany(stateCounties, purchaseType);
    toast(addAllMessage(result, state, purchaseType));
    if (result.added === 0) return;
    trackEvent('cart_add', { state, purchaseType, price: planFor(purchaseType).price, countyCount: result.added });
  };

  const proceed = () => {
    if (items.length === 0) {
      toast(CART_EMPTY);
      return;
    }
    // lib/cart has kept sessionStorage "cart" current with every change; checkout reads it from there.
    void navigate('/checkout');
  };

  const cartRef = useRef<HTMLElement>(null);
  const cartInView = useInView(cartRef);
  const showCart = () => {
    cartRef.current?.scrollIntoView({ block: 'start' });
    document.getElementById(CART_HEADING_ID)?.focus({ preventScroll: true });
  };

  let results;
  if (counties.isPending) results = <CountyResultsLoading />;
  else if (counties.isError)
    results = <CountyResultsError onRetry={() => void counties.refetch()} retrying={counties.isFetching} />;
  else results = <CountyResults outcome={outcome} onChoose={choose} />;

  const summaryBar = items.length > 0 && !cartInView;

  return (
    <div className={`picker-page${summaryBar ? ' picker-page--with-bar' : ''}`}>
      <PickerHeader />
      <main id="main" className="container picker">
        <div className="picker__intro">
          <h1 className="picker__title">Select Your Counties</h1>
          <p className="picker__lead">
            Choose a plan for each county: {PLANS.oneTime.name} for {formatDollars(PLANS.oneTime.price)} once, or{' '}
            {PLANS.annual.name} for {formatDollars(PLANS.annual.price)} a year with fresh data every month.
          </p>
        </div>
        <div className="picker__layout">
          <section className="card picker-counties" aria-labelledby="picker-counties-heading">
            <h2 id="picker-counties-heading" className="picker-counties__title">
              Find counties
            </h2>
            <CountyFilters
              states={states}
              state={state}
              search={search}
              disabled={!counties.data}
              onStateChange={setState}
              onSearchChange={setSearch}
            />
            {state !== ALL_STATES && counties.data && (
              <AddStateCounties state={state} remaining={remainingInState} onAdd={addAll} />
            )}
            {results}
          </section>
          <CountyMapPanel
            counties={counties.data}
            stateCounties={stateCounties}
            items={items}
            state={state}
            onChoose={choose}
            onSetPlan={cart.setPlan}
            onRemove={cart.remove}
          />
          <CartPanel
            ref={cartRef}
            items={items}
            total={total}
            onPlanChange={cart.setPlan}
            onRemove={cart.remove}
            onProceed={proceed}
          />
        </div>
      </main>
      <SiteFooter>© {new Date().getFullYear()} County Data Store</SiteFooter>
      {summaryBar && <CartSummaryBar count={items.length} total={total} onShowCart={showCart} />}
    </div>
  );
}
