import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { STORE_PATHS, type StorePage } from '@contracts/routes';
import { Spinner } from '../components/ui/skeleton';
import { LandingPage } from '../features/landing/components/landing-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { startMapStart } from '../features/parcel-map/api/parcel-map';
import { useCurrentUser } from '../lib/auth';

// Every screen but the landing page is its own chunk, fetched when first visited.
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const BrowseCountiesPage = lazy(() => import('../features/browse-counties/components/browse-counties-page'));
const CountyPickerPage = lazy(() => import('../features/county-picker/components/county-picker-page'));
const CheckoutPage = lazy(() => import('../features/checkout/components/checkout-page'));
const OrderPage = lazy(() => import('../features/order-page/components/order-page'));
const PrivacyPage = lazy(() => import('../features/legal/components/privacy-page'));
const TermsPage = lazy(() => import('../features/legal/components/terms-page'));
const DataSchemaPage = lazy(() => import('../features/data-schema/components/data-schema-page'));
const OwnerSearchPage = lazy(() => import('../features/owner-portfolios/components/owner-search-page'));
const OwnerPortfolioPage = lazy(() => import('../features/owner-portfolios/components/owner-portfolio-page'));
const ParcelMapPage = lazy(() => {
  // The customer's counties are asked for while the map's code comes and runs, not after.
  startMapStart();
  return import('../features/parcel-map/components/parcel-map-page');
});

/** docs/store-spec.md §2: / is the landing page for visitors (and while sign-in is still being checked), the dashboard once signed in. */
function HomeRoute() {
  const { isSignedIn } = useCurrentUser();
  return isSignedIn ? <DashboardPage /> : <LandingPage />;
}

/** The screen of each store page: one for every route the server answers with the store. */
const PAGES: Record<StorePage, ReactElement> = {
  home: <HomeRoute />,
  dashboard: <DashboardPage />,
  browseCounties: <BrowseCountiesPage />,
  selectCounties: <CountyPickerPage />,
  checkout: <CheckoutPage />,
  countyCheckout: <CheckoutPage />,
  order: <OrderPage />,
  privacy: <PrivacyPage />,
  terms: <TermsPage />,
  parcelMap: <ParcelMapPage />,
  ownerSearch: <OwnerSearchPage />,
  ownerPortfolio: <OwnerPortfolioPage />,
  dataSchema: <DataSchemaPage />,
};

/** A new page starts at its top, unless the address names a place on it. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner />
          </div>
        }
      >
        <Routes>
          {(Object.keys(PAGES) as StorePage[]).map((page) => (
            <Route key={page} path={STORE_PATHS[page]} element={PAGES[page]} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
