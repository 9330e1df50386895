import type { ThemeConfig } from 'antd';

const BRAND_BLUE = '#1d4ed8';

/**
 * The store's brand blue, so the console and the storefront look like one company.
 *
 * Text colours meet WCAG AA (4.5:1 for normal text) on white and on the page's #f5f5f5: antd's
 * defaults are translucent black (45% for secondary text and descriptions, 25% for placeholders),
 * 3.4:1 or less. These are the same neutral greys, opaque and a step darker. Disabled text keeps
 * antd's colour: WCAG exempts inactive controls, and it must still look inactive.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_BLUE,
    borderRadius: 8,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif',
    // 5.7:1 on white, 5.3:1 on the page background.
    colorTextSecondary: '#666666',
    // Captions, descriptions (Result subtitles, table empty text) and placeholders: 5.3:1 and 4.9:1.
    colorTextTertiary: '#6b6b6b',
    colorTextDescription: '#6b6b6b',
    colorTextPlaceholder: '#6b6b6b',
    // antd's red (#ff4d4f, 3.3:1) on danger buttons' text and error messages; its darker step, 5.6:1.
    colorError: '#cf1322',
    // Solid blue tags are white on the preset blue (#1677ff, 4.1:1): the brand blue gives 6.7:1.
    blue: BRAND_BLUE,
    // Links (router links, link buttons) take antd's info blue by default, 4.1:1 on white.
    colorLink: BRAND_BLUE,
    // Green tags' text is the preset's next step on its palest green: #389e0d, 3.4:1; from this seed, 5.9:1.
    green: '#237804',
    // Dialogs, drawers and messages appear and go without moving for those who asked their system for less motion.
    motion: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
  },
  components: { Progress: { defaultColor: BRAND_BLUE } },
};
