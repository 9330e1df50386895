/** One county of the public catalog, as GET /api/counties lists it (both web apps read it). */
export interface CatalogCounty {
  id: string;
  name: string;
  state: string;
  stateCode: string;
  population: number | null;
  fips: string;
}
