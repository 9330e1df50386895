import type { ThemeConfig } from 'antd';

const BRAND_BLUE = '#1d4ed8';

/** The store's brand blue, so the console and the storefront look like one company. */
export const theme: ThemeConfig = {
  token: { colorPrimary: BRAND_BLUE, borderRadius: 8, fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif' },
  components: { Progress: { defaultColor: BRAND_BLUE } },
};
