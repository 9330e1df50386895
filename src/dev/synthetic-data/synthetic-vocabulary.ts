/**
 * The words of made-up county records: names, streets, uses, building and land terms as
 * assessors and recorders write them. Lenders, title companies and foreclosure trustees are real
 * firms' names (public, and what a record would carry); people and companies that own parcels are
 * made up from common first and last names.
 */

export const FIRST_NAMES = [
  ...['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth'],
  ...['William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen'],
  ...['Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra'],
  ...['Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle'],
  ...['Maria', 'Jose', 'Juan', 'Carmen', 'Luis', 'Rosa', 'Wei', 'Mei', 'Minh', 'Linh', 'Aisha', 'Omar'],
  ...['Priya', 'Raj', 'Ji-woo', 'Hana', 'Kevin', 'Laura', 'Brian', 'Angela', 'Gary', 'Helen', 'Eric', 'Diane'],
];
export const MIDDLE_INITIALS = 'ABCDEFGHJKLMNPRSTW'.split('');
export const LAST_NAMES = [
  ...['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez'],
  ...['Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin'],
  ...['Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson'],
  ...['Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green'],
  ...['Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Kim'],
  ...['Patel', 'Chen', 'Wang', 'Tran', 'Murphy', "O'Brien", 'Kowalski', 'Schmidt', 'Yoder', 'Fischer'],
];
/** Company owners: a surname or a place word, then the kind of company. */
export const COMPANY_WORDS = [
  ...['Oak', 'Cedar', 'Summit', 'Harbor', 'Keystone', 'Liberty', 'Pioneer', 'Heritage', 'Meridian', 'Blue Ridge'],
  ...['Granite', 'Riverbend', 'Prairie', 'Eagle', 'Northstar', 'Coastal', 'Magnolia', 'Lakeside', 'Sterling'],
];
export const COMPANY_KINDS = [
  ...['Holdings LLC', 'Properties LLC', 'Investments LLC', 'Realty LLC', 'Land Company', 'Capital LLC'],
  ...['Rentals LLC', 'Development Corp', 'Partners LP', 'Homes Inc', 'Farms LLC', 'Management Inc'],
];

/** East-west street names; a county's streets take them in its own order, then numbered streets. */
export const STREET_NAMES = [
  ...['Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Walnut', 'Chestnut', 'Spruce', 'Willow', 'Birch', 'Hickory'],
  ...['Poplar', 'Sycamore', 'Magnolia', 'Dogwood', 'Holly', 'Laurel', 'Locust', 'Ash', 'Cherry', 'Peach'],
  ...['Washington', 'Jefferson', 'Madison', 'Monroe', 'Jackson', 'Lincoln', 'Grant', 'Franklin', 'Adams'],
  ...['Church', 'Mill', 'Market', 'Water', 'Bridge', 'Spring', 'Railroad', 'School', 'Academy', 'Union'],
  ...['Lake', 'River', 'Park', 'Hill', 'Meadow', 'Sunset', 'Highland', 'Ridge', 'Valley', 'Forest', 'Prospect'],
  ...['College', 'Liberty', 'Center', 'Broad', 'High', 'Front', 'Court', 'Orchard', 'Garden', 'Harbor', 'Bay'],
  ...['Clay', 'Marshall', 'Calhoun', 'Henry', 'Lee', 'Taylor', 'Wilson', 'Polk', 'Tyler', 'Harrison', 'Pierce'],
];
export const STREET_SUFFIXES = ['ST', 'AVE', 'RD', 'DR', 'LN', 'BLVD', 'WAY', 'PL'];

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'TH' : (['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH');
  return `${n}${suffix}`;
}

export const SUBDIVISION_WORDS = [
  ...['Oak Hill', 'Maple Ridge', 'Cedar Creek', 'Willow Bend', 'Fox Run', 'Quail Hollow', 'Deer Park'],
  ...['Country Club', 'Brookside', 'Meadowbrook', 'Stonegate', 'Briarwood', 'Lakeview', 'Pine Valley'],
  ...['Forest Glen', 'Sunnyside', 'Fairview', 'Highland Park', 'Riverside', 'Hunters Ridge', 'Green Acres'],
];
export const SUBDIVISION_KINDS = ['SUBDIVISION', 'ADDITION', 'ESTATES', 'HEIGHTS', 'MANOR', 'VILLAGE'];

/** Real mortgage lenders and banks, as recorders abbreviate nothing. */
export const LENDERS = [
  ...['Wells Fargo Bank NA', 'JPMorgan Chase Bank NA', 'Bank of America NA', 'Rocket Mortgage LLC', 'U.S. Bank NA'],
  ...['PNC Bank NA', 'Truist Bank', 'Navy Federal Credit Union', 'loanDepot.com LLC', 'United Wholesale Mortgage'],
  ...['Guild Mortgage Company', 'Fifth Third Bank', 'Citizens Bank NA', 'Freedom Mortgage Corporation'],
  ...['PennyMac Loan Services LLC', 'Movement Mortgage LLC', 'Fairway Independent Mortgage Corp', 'Regions Bank'],
];
export const TITLE_COMPANIES = [
  ...['First American Title Insurance Company', 'Fidelity National Title', 'Chicago Title Company'],
  ...['Old Republic National Title', 'Stewart Title Guaranty Company', 'WFG National Title'],
];
export const FORECLOSURE_TRUSTEES = [
  ...['Quality Loan Service Corp', 'Clear Recon Corp', 'MTC Financial Inc', 'Barrett Daffin Frappier Turner & Engel'],
  ...['Brock & Scott PLLC', 'McCalla Raymer Leibert Pierce LLC'],
];

export const DEED_TYPES = ['Warranty deed', 'Grant deed', 'Special warranty deed', 'Quitclaim deed', "Trustee's deed"];
export const LOAN_TYPES = ['Conventional', 'Conventional', 'Conventional', 'FHA', 'VA', 'USDA'];
export const VESTING = ['Joint tenants', 'Tenants in common', 'Tenancy by the entirety', 'Community property'];
export const PERMITS = ['Roof', 'Addition', 'Electrical', 'Plumbing', 'Pool', 'Solar', 'Remodel', 'HVAC', 'Fence'];

/** A land use with the codes and words an assessor and a zoning map give it. */
export interface LandUse {
  use: string;
  code: string;
  propertyClass: string;
  zoning: [code: string, description: string, category: string][];
  futureLandUse: string;
  building: boolean;
}

const SINGLE_FAMILY_ZONES: LandUse['zoning'] = [
  ['R-1', 'Single-family residential, low density', 'Residential'],
  ['R-2', 'Single-family residential, medium density', 'Residential'],
];
export const LAND_USES: Record<string, LandUse> = {
  singleFamily: {
    use: 'Single family',
    code: '0100',
    propertyClass: 'Residential',
    zoning: SINGLE_FAMILY_ZONES,
    futureLandUse: 'Low density residential',
    building: true,
  },
  townhouse: {
    use: 'Townhouse',
    code: '0110',
    propertyClass: 'Residential',
    zoning: [['R-3', 'Attached residential', 'Residential']],
    futureLandUse: 'Medium density residential',
    building: true,
  },
  duplex: {
    use: 'Duplex',
    code: '0200',
    propertyClass: 'Residential',
    zoning: [['R-2', 'Single-family and two-family residential', 'Residential']],
    futureLandUse: 'Medium density residential',
    building: true,
  },
  condominium: {
    use: 'Condominium',
    code: '0400',
    propertyClass: 'Residential',
    zoning: [['RM', 'Multifamily residential', 'Residential']],
    futureLandUse: 'High density residential',
    building: true,
  },
  apartment: {
    use: 'Apartment',
    code: '0300',
    propertyClass: 'Residential',
    zoning: [['RM', 'Multifamily residential', 'Residential']],
    futureLandUse: 'High density residential',
    building: true,
  },
  retail: {
    use: 'Retail',
    code: '1100',
    propertyClass: 'Commercial',
    zoning: [
      ['C-1', 'Neighborhood commercial', 'Commercial'],
      ['C-2', 'General commercial', 'Commercial'],
    ],
    futureLandUse: 'Commercial',
    building: true,
  },
  office: {
    use: 'Office',
    code: '1700',
    propertyClass: 'Commercial',
    zoning: [
      ['C-O', 'Commercial office', 'Commercial'],
      ['MU', 'Mixed use, commercial and residential', 'Mixed use'],
    ],
    futureLandUse: 'Mixed use',
    building: true,
  },
  industrial: {
    use: 'Industrial',
    code: '4100',
    propertyClass: 'Industrial',
    zoning: [
      ['I-1', 'Light industrial', 'Industrial'],
      ['I-2', 'Heavy industrial', 'Industrial'],
    ],
    futureLandUse: 'Industrial',
    building: true,
  },
  vacant: {
    use: 'Vacant land',
    code: '0000',
    propertyClass: 'Vacant',
    zoning: SINGLE_FAMILY_ZONES,
    futureLandUse: 'Low density residential',
    building: false,
  },
  agricultural: {
    use: 'Agricultural',
    code: '5100',
    propertyClass: 'Agricultural',
    zoning: [
      ['A-1', 'Agricultural', 'Agricultural'],
      ['AR', 'Agricultural residential', 'Agricultural'],
    ],
    futureLandUse: 'Agricultural',
    building: true,
  },
};

/** Uses by density, each repeated by how common it is (synthetic-lots.ts: urban, suburban, rural). */
export const USES_BY_DENSITY: LandUse[][] = [
  [
    ...Array<LandUse>(9).fill(LAND_USES.singleFamily),
    ...[LAND_USES.townhouse, LAND_USES.townhouse, LAND_USES.duplex, LAND_USES.condominium, LAND_USES.apartment],
    ...[LAND_USES.retail, LAND_USES.retail, LAND_USES.office, LAND_USES.industrial, LAND_USES.vacant],
  ],
  [...Array<LandUse>(14).fill(LAND_USES.singleFamily), LAND_USES.townhouse, LAND_USES.duplex, LAND_USES.vacant],
  [
    ...Array<LandUse>(5).fill(LAND_USES.agricultural),
    ...Array<LandUse>(4).fill(LAND_USES.singleFamily),
    LAND_USES.vacant,
  ],
];

/** Building and land terms, by field, as assessors write them. */
export const TERMS: Record<string, string[]> = {
  garage_type: ['Attached', 'Attached', 'Detached', 'Carport', 'None'],
  construction_type: ['Frame', 'Frame', 'Frame', 'Masonry', 'Concrete block', 'Steel'],
  exterior_walls: ['Vinyl siding', 'Brick', 'Stucco', 'Wood siding', 'Fiber cement siding', 'Stone veneer'],
  roof_type: ['Gable', 'Gable', 'Hip', 'Flat', 'Gambrel', 'Shed'],
  roof_material: ['Asphalt shingle', 'Asphalt shingle', 'Metal', 'Clay tile', 'Slate', 'Built-up'],
  foundation_type: ['Slab', 'Crawl space', 'Full basement', 'Partial basement', 'Pier and beam'],
  architectural_style: ['Ranch', 'Colonial', 'Cape Cod', 'Split level', 'Craftsman', 'Contemporary', 'Bungalow'],
  building_condition: ['Excellent', 'Good', 'Good', 'Average', 'Average', 'Average', 'Fair', 'Poor'],
  building_quality: ['Excellent', 'Good', 'Average', 'Average', 'Average', 'Fair', 'Low'],
  heating_type: ['Forced air', 'Forced air', 'Heat pump', 'Baseboard', 'Radiant', 'Hot water boiler'],
  heating_fuel: ['Natural gas', 'Natural gas', 'Electric', 'Electric', 'Oil', 'Propane'],
  cooling_type: ['Central', 'Central', 'Heat pump', 'Window units', 'None'],
  topography: ['Level', 'Level', 'Level', 'Sloping', 'Rolling', 'Below street grade'],
  view_type: ['None', 'None', 'None', 'None', 'Park', 'Water', 'Mountain', 'Golf course', 'City'],
  easements: ['Utility easement', 'Utility easement', 'Access easement', 'Drainage easement', 'Sidewalk easement'],
  hoa_fee_frequency: ['Monthly', 'Monthly', 'Quarterly', 'Annually'],
  last_permit_status: ['Issued', 'Finaled', 'Finaled'],
  last_sale_price_code: ['Full', 'Full', 'Full', 'Partial', 'Estimated from transfer tax'],
  mortgage_rate_type: ['Fixed', 'Fixed', 'Fixed', 'Adjustable'],
  flood_zone: ['X', 'X', 'X', 'X', 'X', 'X', 'X500', 'AE', 'A'],
  foreclosure_status: ['Pre-foreclosure', 'Auction', 'Bank owned'],
  tax_exempt_status: ['Religious', 'Government', 'Charitable', 'Educational'],
};

/** States of the public land survey (sections, townships, ranges); the rest describe land otherwise. */
export const PUBLIC_LAND_SURVEY_STATES = new Set(
  'AL AK AZ AR CA CO FL ID IL IN IA KS LA MI MN MS MO MT NE NV NM ND OH OK OR SD UT WA WI WY'.split(' '),
);
