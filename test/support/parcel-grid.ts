/** A square lot as WKT, `side` degrees from its south-west corner (x, y), to seven decimals as county files have them. */
export function squareLot(x: number, y: number, side: number): string {
  const ring = [
    [x, y],
    [x + side, y],
    [x + side, y + side],
    [x, y + side],
    [x, y],
  ]
    .map(([lon, lat]) => `${lon.toFixed(7)} ${lat.toFixed(7)}`)
    .join(',');
  return `POLYGON((${ring}))`;
}
