import { useEffect, useRef } from 'react';
import { trackEvent } from '@/lib/journey';

/**
 * Records landing_view once per showing of the landing page. The ref survives React StrictMode's
 * simulated unmount and remount in development, so the double effect there records nothing twice.
 */
export function useLandingView(): void {
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    trackEvent('landing_view');
  }, []);
}
