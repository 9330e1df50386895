import { Link } from 'react-router-dom';
import { Logo, PhoneLink } from '@/components/site';

export function CheckoutHeader() {
  return (
    <header className="checkout-header">
      <div className="container checkout-header__inner">
        <Link to="/select-counties" className="checkout-header__back">
          <span aria-hidden="true">←</span> Back to counties
        </Link>
        <Logo />
        <PhoneLink className="phone-link checkout-header__phone" />
      </div>
    </header>
  );
}
