/**
 * The fields of a county dataset: one catalogue for the schema PDF, the CSV
 * header of every county file, and the checks on uploaded files. Which fields
 * are filled varies by county, as its public records do.
 */
export type FieldType = 'text' | 'integer' | 'decimal' | 'money' | 'date' | 'boolean' | 'geometry';

export interface DataField {
  name: string;
  type: FieldType;
  description: string;
}

export interface FieldCategory {
  category: string;
  fields: DataField[];
}

type Row = [name: string, type: FieldType, description: string];

const rows = (list: Row[]): DataField[] => list.map(([name, type, description]) => ({ name, type, description }));

/** A repeated group of fields (second mortgage, prior sales), numbered as the records number them. */
function slots(count: number, make: (n: number) => Row[]): DataField[] {
  return Array.from({ length: count }, (_, i) => rows(make(i + 1))).flat();
}

const mortgage = (n: number): Row[] => [
  [`mortgage_${n}_amount`, 'money', `Original amount of mortgage ${n}`],
  [`mortgage_${n}_recording_date`, 'date', `Date mortgage ${n} was recorded`],
  [`mortgage_${n}_lender_name`, 'text', `Lender of mortgage ${n}`],
  [`mortgage_${n}_loan_type`, 'text', `Loan type of mortgage ${n} (conventional, FHA, VA, …)`],
  [`mortgage_${n}_interest_rate`, 'decimal', `Interest rate of mortgage ${n}, percent`],
  [`mortgage_${n}_rate_type`, 'text', `Fixed or adjustable rate, mortgage ${n}`],
  [`mortgage_${n}_term_months`, 'integer', `Term of mortgage ${n} in months`],
  [`mortgage_${n}_due_date`, 'date', `Maturity date of mortgage ${n}`],
  [`mortgage_${n}_document_number`, 'text', `Recorder document number of mortgage ${n}`],
  [`mortgage_${n}_position`, 'integer', `Lien position of mortgage ${n}`],
];

const priorSale = (n: number): Row[] => [
  [`prior_sale_${n}_date`, 'date', `Recording date of the sale before the last (${n} back)`],
  [`prior_sale_${n}_price`, 'money', `Price of prior sale ${n}`],
  [`prior_sale_${n}_document_type`, 'text', `Deed type of prior sale ${n}`],
  [`prior_sale_${n}_document_number`, 'text', `Recorder document number of prior sale ${n}`],
  [`prior_sale_${n}_buyer_name`, 'text', `Buyer in prior sale ${n}`],
  [`prior_sale_${n}_seller_name`, 'text', `Seller in prior sale ${n}`],
];

export const DATA_SCHEMA: FieldCategory[] = [
  {
    category: 'Parcel and location',
    fields: rows([
      [
        'parcel_id',
        'text',
        'Assessor parcel number (APN) as the county formats it; kept as text so leading zeros survive',
      ],
      ['parcel_id_unformatted', 'text', 'Parcel number without separators'],
      ['alternate_parcel_id', 'text', 'Previous or alternate parcel number'],
      ['county_fips', 'text', 'Five-digit FIPS code of the county'],
      ['county_name', 'text', 'County name'],
      ['state_code', 'text', 'Two-letter state code'],
      ['site_address', 'text', 'Full situs (property) address'],
      ['site_house_number', 'text', 'House number of the situs address'],
      ['site_street_direction', 'text', 'Street direction prefix (N, S, E, W)'],
      ['site_street_name', 'text', 'Street name'],
      ['site_street_suffix', 'text', 'Street suffix (ST, AVE, RD, …)'],
      ['site_unit', 'text', 'Unit or apartment number'],
      ['site_city', 'text', 'City of the situs address'],
      ['site_zip', 'text', 'ZIP code of the situs address'],
      ['site_zip4', 'text', 'ZIP+4 extension'],
      ['latitude', 'decimal', 'Latitude of the parcel centroid (WGS 84)'],
      ['longitude', 'decimal', 'Longitude of the parcel centroid (WGS 84)'],
      [
        'geometry_wkt',
        'geometry',
        'Parcel boundary, a Polygon or MultiPolygon in WGS 84 (EPSG:4326) as WKT; empty where the county publishes no shapes',
      ],
      ['census_tract', 'text', 'Census tract'],
      ['census_block_group', 'text', 'Census block group'],
      ['census_block', 'text', 'Census block'],
      ['legal_description', 'text', 'Legal description from the assessor roll'],
      ['legal_lot', 'text', 'Lot number from the legal description'],
      ['legal_block', 'text', 'Block from the legal description'],
      ['legal_subdivision', 'text', 'Subdivision name'],
      ['legal_section', 'text', 'Section (public land survey)'],
      ['legal_township', 'text', 'Township (public land survey)'],
      ['legal_range', 'text', 'Range (public land survey)'],
      ['tract_number', 'text', 'Recorded tract or plat number'],
      ['neighborhood_code', 'text', 'Assessor neighborhood code'],
      ['municipality', 'text', 'Incorporated place the parcel lies in, if any'],
    ]),
  },
  {
    category: 'Ownership',
    fields: rows([
      ['owner_name', 'text', 'Name of the first owner as recorded'],
      ['owner_first_name', 'text', 'First owner first name, when a person'],
      ['owner_middle_name', 'text', 'First owner middle name'],
      ['owner_last_name', 'text', 'First owner last name, when a person'],
      ['owner2_name', 'text', 'Name of the second owner'],
      ['owner2_first_name', 'text', 'Second owner first name'],
      ['owner2_last_name', 'text', 'Second owner last name'],
      ['owner_type', 'text', 'Individual, company, trust, government or other'],
      ['owner_is_corporate', 'boolean', 'The owner is a company'],
      ['owner_is_trust', 'boolean', 'The owner is a trust'],
      ['owner_is_government', 'boolean', 'The owner is a public body'],
      ['ownership_rights', 'text', 'Vesting (joint tenants, tenants in common, …)'],
      ['owner_occupied', 'boolean', 'The owner appears to live at the property'],
      ['absentee_owner', 'boolean', 'The owner mails elsewhere than the property'],
      ['out_of_state_owner', 'boolean', 'The owner mailing address is in another state'],
      ['owner_since_date', 'date', 'Date the current owner acquired the property'],
      ['years_owned', 'integer', 'Whole years since the current owner acquired the property'],
      ['owner_count', 'integer', 'Number of owners on record'],
      ['portfolio_parcel_count', 'integer', 'Parcels in the county held by the same owner'],
      ['care_of_name', 'text', 'Care-of name on the tax bill'],
      ['trustee_name', 'text', 'Trustee, when the owner is a trust'],
      ['corporate_officer_name', 'text', 'Registered officer, when the owner is a company'],
      ['owner_phone_available', 'boolean', 'A contact phone is on file for the owner'],
      ['owner_deceased_flag', 'boolean', 'Records suggest the owner is deceased'],
      ['homestead_claimed', 'boolean', 'A homestead exemption is claimed'],
    ]),
  },
  {
    category: 'Owner mailing address',
    fields: rows([
      ['mail_address', 'text', 'Full mailing address of the owner'],
      ['mail_house_number', 'text', 'House number of the mailing address'],
      ['mail_street_name', 'text', 'Street name of the mailing address'],
      ['mail_street_suffix', 'text', 'Street suffix of the mailing address'],
      ['mail_unit', 'text', 'Unit of the mailing address'],
      ['mail_city', 'text', 'City of the mailing address'],
      ['mail_state', 'text', 'State of the mailing address'],
      ['mail_zip', 'text', 'ZIP code of the mailing address'],
      ['mail_zip4', 'text', 'ZIP+4 extension of the mailing address'],
      ['mail_country', 'text', 'Country of the mailing address'],
      ['mail_is_po_box', 'boolean', 'The mailing address is a post office box'],
      ['mail_address_vacant', 'boolean', 'The postal service reports the mailing address vacant'],
    ]),
  },
  {
    category: 'Tax assessment',
    fields: rows([
      ['assessment_year', 'integer', 'Year of the assessment roll'],
      ['assessed_total_value', 'money', 'Total assessed value'],
      ['assessed_land_value', 'money', 'Assessed value of the land'],
      ['assessed_improvement_value', 'money', 'Assessed value of the improvements'],
      ['assessed_improvement_percent', 'decimal', 'Improvements as a percent of the assessed total'],
      ['assessment_ratio', 'decimal', 'Ratio of assessed to market value used by the county'],
      ['tax_year', 'integer', 'Year of the tax bill'],
      ['tax_amount', 'money', 'Total property tax billed'],
      ['tax_rate_area', 'text', 'Tax rate area or district code'],
      ['tax_rate', 'decimal', 'Total tax rate, percent'],
      ['tax_delinquent', 'boolean', 'Taxes are delinquent'],
      ['tax_delinquent_year', 'integer', 'Earliest delinquent tax year'],
      ['tax_delinquent_amount', 'money', 'Delinquent tax owed'],
      ['exemption_homestead', 'boolean', 'Homestead exemption applies'],
      ['exemption_senior', 'boolean', 'Senior exemption applies'],
      ['exemption_veteran', 'boolean', 'Veteran exemption applies'],
      ['exemption_disabled', 'boolean', 'Disability exemption applies'],
      ['exemption_agricultural', 'boolean', 'Agricultural use exemption applies'],
      ['exemption_total_amount', 'money', 'Total value exempted'],
      ['special_assessment_amount', 'money', 'Special assessments billed'],
      ['previous_assessed_total_value', 'money', 'Total assessed value of the previous roll'],
      ['assessed_value_change_percent', 'decimal', 'Change of assessed total since the previous roll, percent'],
      ['tax_bill_number', 'text', 'Tax bill or account number'],
      ['taxable_value', 'money', 'Value taxed after exemptions'],
      ['tax_exempt_status', 'text', 'Full exemption category, when wholly exempt'],
    ]),
  },
  {
    category: 'Valuation',
    fields: rows([
      ['market_total_value', 'money', 'Total market value set by the assessor'],
      ['market_land_value', 'money', 'Market value of the land'],
      ['market_improvement_value', 'money', 'Market value of the improvements'],
      ['market_value_year', 'integer', 'Year of the market valuation'],
      ['estimated_value', 'money', 'Modelled current value'],
      ['estimated_value_low', 'money', 'Low end of the modelled value range'],
      ['estimated_value_high', 'money', 'High end of the modelled value range'],
      ['estimated_value_confidence', 'integer', 'Confidence of the modelled value, 0 to 100'],
      ['estimated_value_date', 'date', 'Date of the modelled value'],
      ['estimated_rent', 'money', 'Modelled monthly rent'],
      ['estimated_equity', 'money', 'Modelled value less estimated open mortgage balance'],
      ['estimated_equity_percent', 'decimal', 'Estimated equity as a percent of the modelled value'],
      ['estimated_loan_to_value', 'decimal', 'Estimated open mortgage balance over modelled value, percent'],
      ['price_per_square_foot', 'money', 'Modelled value per square foot of living area'],
      ['value_change_one_year_percent', 'decimal', 'Change of the modelled value over a year, percent'],
    ]),
  },
  {
    category: 'Sales and transactions',
    fields: [
      ...rows([
        ['last_sale_date', 'date', 'Recording date of the last sale'],
        ['last_sale_contract_date', 'date', 'Contract date of the last sale'],
        ['last_sale_price', 'money', 'Price of the last sale'],
        ['last_sale_price_code', 'text', 'How the price was derived (full, partial, estimated from transfer tax)'],
        ['last_sale_document_type', 'text', 'Deed type of the last sale (grant, warranty, quitclaim, …)'],
        ['last_sale_document_number', 'text', 'Recorder document number of the last sale'],
        ['last_sale_book', 'text', 'Recorder book of the last sale'],
        ['last_sale_page', 'text', 'Recorder page of the last sale'],
        ['last_sale_buyer_name', 'text', 'Buyer in the last sale'],
        ['last_sale_seller_name', 'text', 'Seller in the last sale'],
        ['last_sale_arms_length', 'boolean', 'The last sale was an arms-length transaction'],
        ['last_sale_cash', 'boolean', 'The last sale had no recorded purchase mortgage'],
        ['last_sale_investor_buyer', 'boolean', 'The last buyer appears to be an investor'],
        ['last_sale_transfer_tax', 'money', 'Transfer tax paid on the last sale'],
        ['last_sale_multi_parcel', 'boolean', 'The last sale covered more than one parcel'],
        ['last_sale_title_company', 'text', 'Title company of the last sale'],
        ['last_transfer_date', 'date', 'Date of the last transfer of any kind, sale or not'],
        ['last_transfer_document_type', 'text', 'Deed type of the last transfer'],
        ['sales_count_five_years', 'integer', 'Sales recorded in the last five years'],
      ]),
      ...slots(3, priorSale),
    ],
  },
  {
    category: 'Mortgage and liens',
    fields: [
      ...slots(2, mortgage),
      ...rows([
        ['open_mortgage_count', 'integer', 'Mortgages recorded and not released'],
        ['open_mortgage_balance_estimate', 'money', 'Estimated balance of the open mortgages'],
        ['heloc_present', 'boolean', 'A home equity line of credit is recorded'],
        ['private_lender', 'boolean', 'A mortgage is held by a private (non-institutional) lender'],
        ['lien_count', 'integer', 'Involuntary liens recorded (tax, mechanic, judgment)'],
        ['lien_total_amount', 'money', 'Total amount of the involuntary liens'],
        ['mechanics_lien', 'boolean', "A mechanic's lien is recorded"],
        ['judgment_lien', 'boolean', 'A judgment lien is recorded'],
        ['irs_lien', 'boolean', 'A federal tax lien is recorded'],
        ['lis_pendens', 'boolean', 'A lis pendens (pending suit) is recorded'],
      ]),
    ],
  },
  {
    category: 'Building characteristics',
    fields: rows([
      ['property_use_code', 'text', 'County land use code'],
      ['property_use_standard', 'text', 'Standardised use (single family, condominium, retail, …)'],
      ['property_class', 'text', 'Residential, commercial, industrial, agricultural, vacant or exempt'],
      ['year_built', 'integer', 'Year the main building was built'],
      ['effective_year_built', 'integer', 'Year built adjusted for renovation'],
      ['building_count', 'integer', 'Buildings on the parcel'],
      ['living_area_sqft', 'integer', 'Living (heated) area in square feet'],
      ['gross_area_sqft', 'integer', 'Gross building area in square feet'],
      ['basement_area_sqft', 'integer', 'Basement area in square feet'],
      ['basement_finished_sqft', 'integer', 'Finished basement area in square feet'],
      ['garage_area_sqft', 'integer', 'Garage area in square feet'],
      ['garage_type', 'text', 'Attached, detached, carport or none'],
      ['parking_spaces', 'integer', 'Parking spaces'],
      ['stories', 'decimal', 'Number of stories'],
      ['units_count', 'integer', 'Dwelling units'],
      ['bedrooms', 'integer', 'Bedrooms'],
      ['bathrooms_full', 'integer', 'Full bathrooms'],
      ['bathrooms_half', 'integer', 'Half bathrooms'],
      ['bathrooms_total', 'decimal', 'Bathrooms counting halves as 0.5'],
      ['rooms_total', 'integer', 'Rooms in total'],
      ['construction_type', 'text', 'Frame, masonry, steel, …'],
      ['exterior_walls', 'text', 'Exterior wall material'],
      ['roof_type', 'text', 'Roof shape'],
      ['roof_material', 'text', 'Roof covering'],
      ['foundation_type', 'text', 'Foundation'],
      ['architectural_style', 'text', 'Architectural style'],
      ['building_condition', 'text', 'Condition as the assessor grades it'],
      ['building_quality', 'text', 'Construction quality grade'],
      ['heating_type', 'text', 'Heating system'],
      ['heating_fuel', 'text', 'Heating fuel'],
      ['cooling_type', 'text', 'Air conditioning'],
      ['fireplace_count', 'integer', 'Fireplaces'],
      ['pool', 'boolean', 'A swimming pool is present'],
      ['spa', 'boolean', 'A spa or hot tub is present'],
      ['porch_area_sqft', 'integer', 'Porch area in square feet'],
      ['patio_area_sqft', 'integer', 'Patio area in square feet'],
      ['deck_area_sqft', 'integer', 'Deck area in square feet'],
      ['elevator', 'boolean', 'An elevator is present'],
      ['sewer_type', 'text', 'Public sewer, septic or none'],
      ['water_source', 'text', 'Public water, well or none'],
      ['electric_service', 'boolean', 'Electric service is connected'],
      ['gas_service', 'boolean', 'Gas service is connected'],
      ['solar_panels', 'boolean', 'Solar panels are recorded'],
      ['mobile_home', 'boolean', 'The dwelling is a manufactured or mobile home'],
      ['condominium_project_name', 'text', 'Condominium project, when a condominium unit'],
    ]),
  },
  {
    category: 'Land and zoning',
    fields: rows([
      ['lot_area_sqft', 'integer', 'Lot area in square feet'],
      ['lot_area_acres', 'decimal', 'Lot area in acres'],
      ['lot_frontage_ft', 'decimal', 'Lot frontage in feet'],
      ['lot_depth_ft', 'decimal', 'Lot depth in feet'],
      ['lot_shape', 'text', 'Regular, irregular, corner, flag, …'],
      ['corner_lot', 'boolean', 'The lot is on a corner'],
      ['zoning_code', 'text', 'Zoning designation as the jurisdiction writes it'],
      ['zoning_description', 'text', 'What the zoning designation allows'],
      ['zoning_category', 'text', 'Standardised zoning (residential, commercial, mixed use, industrial, agricultural)'],
      ['zoning_jurisdiction', 'text', 'Jurisdiction whose zoning applies'],
      ['future_land_use', 'text', 'Comprehensive-plan land use designation'],
      ['topography', 'text', 'Level, sloping, rolling, …'],
      ['view_type', 'text', 'View recorded by the assessor'],
      ['waterfront', 'boolean', 'The parcel fronts water'],
      ['water_frontage_ft', 'decimal', 'Water frontage in feet'],
      ['vacant_land', 'boolean', 'No building is on the parcel'],
      ['agricultural_use', 'boolean', 'The parcel is in agricultural use'],
      ['timber_use', 'boolean', 'The parcel is in timber use'],
      ['easements', 'text', 'Recorded easements'],
      ['opportunity_zone', 'boolean', 'The parcel is in a federal Opportunity Zone'],
    ]),
  },
  {
    category: 'Foreclosure and distress',
    fields: rows([
      ['foreclosure_status', 'text', 'None, pre-foreclosure, auction or bank owned'],
      ['default_notice_date', 'date', 'Date of the notice of default or lis pendens'],
      ['default_amount', 'money', 'Amount in default'],
      ['auction_date', 'date', 'Scheduled trustee or sheriff sale'],
      ['auction_opening_bid', 'money', 'Opening bid at the auction'],
      ['bank_owned', 'boolean', 'The property is lender owned (REO)'],
      ['foreclosure_document_number', 'text', 'Recorder document number of the latest foreclosure filing'],
      ['foreclosure_trustee', 'text', 'Trustee or attorney of the foreclosure'],
      ['vacant_property', 'boolean', 'The postal service reports the property vacant'],
      ['code_violation', 'boolean', 'An open code violation is recorded'],
      ['probate', 'boolean', 'The property is in a probate estate'],
      ['bankruptcy', 'boolean', 'An owner bankruptcy filing is recorded'],
    ]),
  },
  {
    category: 'Permits',
    fields: rows([
      ['permit_count', 'integer', 'Building permits recorded'],
      ['last_permit_date', 'date', 'Date of the latest building permit'],
      ['last_permit_type', 'text', 'Type of the latest permit (roof, addition, remodel, …)'],
      ['last_permit_value', 'money', 'Declared value of the latest permit'],
      ['last_permit_status', 'text', 'Status of the latest permit'],
      ['last_permit_description', 'text', 'Work described in the latest permit'],
      ['new_construction', 'boolean', 'A new-construction permit was recorded in the last three years'],
      ['demolition_permit', 'boolean', 'A demolition permit was recorded'],
    ]),
  },
  {
    category: 'Districts and geography',
    fields: rows([
      ['school_district', 'text', 'Unified or elementary school district'],
      ['high_school_district', 'text', 'Secondary school district, where separate'],
      ['fire_district', 'text', 'Fire protection district'],
      ['water_district', 'text', 'Water district'],
      ['hoa_name', 'text', 'Homeowners association'],
      ['hoa_fee', 'money', 'Homeowners association fee'],
      ['hoa_fee_frequency', 'text', 'How often the association fee is due'],
      ['flood_zone', 'text', 'FEMA flood zone'],
      ['flood_zone_date', 'date', 'Effective date of the flood map'],
      ['in_special_flood_hazard_area', 'boolean', 'The parcel is in a special flood hazard area'],
      ['congressional_district', 'text', 'Congressional district'],
      ['metro_area', 'text', 'Core-based statistical area'],
    ]),
  },
];

/** Every field, in file column order. */
export const DATA_FIELDS: DataField[] = DATA_SCHEMA.flatMap((category) => category.fields);

/**
 * The columns every county file must carry, however few other fields its county
 * records: the parcel number says which property a row is, the FIPS code which county
 * (an uploaded file is checked against the county it is uploaded for).
 */
export const IDENTIFIER_FIELDS = ['parcel_id', 'county_fips'] as const;
