import { Link } from 'react-router-dom';
import { PhoneLink } from '@/components/site';
import { siteInfo } from '@/lib/site-info';

export function LandingFooter() {
  return (
    <footer className="landing-footer">
      <div className="container landing-footer__inner">
        <p className="landing-footer__brand">County Data Store</p>
        <nav aria-label="Footer">
          <ul className="landing-footer__links">
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms and Conditions</Link>
            </li>
            <li>
              <Link to="/schema">Data schema</Link>
            </li>
            {siteInfo.supportEmail && (
              <li>
                <a href={`mailto:${siteInfo.supportEmail}`}>Contact</a>
              </li>
            )}
            {siteInfo.supportPhone && (
              <li>
                <PhoneLink className="landing-footer__phone" />
              </li>
            )}
          </ul>
        </nav>
        <p className="landing-footer__legal">© {new Date().getFullYear()} County Data Store. All rights reserved.</p>
      </div>
    </footer>
  );
}
