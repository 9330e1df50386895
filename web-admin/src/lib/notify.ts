import { App } from 'antd';
import type { NotificationPlacement } from 'antd/es/notification/interface';

/** Matches the Sider's `lg` breakpoint, below which the layout shows the menu toggle bar. */
const NARROW_SCREEN = '(max-width: 991.98px)';

/**
 * On a phone a top-right toast would lie over the menu toggle for its 5 seconds (and a pointer
 * resting on it pauses the close), so narrow screens get their toasts at the bottom.
 */
const placement = (): NotificationPlacement => (window.matchMedia(NARROW_SCREEN).matches ? 'bottom' : 'topRight');

/**
 * The console's toasts (docs/store-spec.md §8): a title and an optional line. One shows at a time and each
 * closes after 5 seconds; both are set once on the app's <App> in main.tsx.
 */
export function useNotify() {
  const { notification } = App.useApp();
  return {
    success: (title: string, description?: string) =>
      notification.success({ title, description, placement: placement() }),
    error: (title: string, description?: string) => notification.error({ title, description, placement: placement() }),
  };
}
