import { PLANS } from '@contracts/plans';

/** What a county's shading on the map says. */
export const Shade = { Available: 0, OneTime: 1, Annual: 2, Unavailable: 3 } as const;
export type Shade = (typeof Shade)[keyof typeof Shade];

/** The fills, shared by the map (its own chunk) and its legend (drawn with the page, before the map loads). */
export const SHADE_COLOURS: Record<Shade, string> = {
  [Shade.Available]: '#dce4ef',
  [Shade.OneTime]: '#f2a93b',
  [Shade.Annual]: '#1d4ed8',
  [Shade.Unavailable]: '#9ca3af',
};

export const LEGEND: readonly { shade: Shade; label: string }[] = [
  { shade: Shade.Available, label: 'Not in your cart' },
  { shade: Shade.OneTime, label: `${PLANS.oneTime.name} in cart` },
  { shade: Shade.Annual, label: `${PLANS.annual.name} in cart` },
  { shade: Shade.Unavailable, label: 'Not available' },
];

/** The map's instruction, which its canvas names as its description. */
export const MAP_HELP_ID = 'county-map-help';
