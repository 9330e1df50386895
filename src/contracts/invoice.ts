/** The longest company name and tax ID an invoice bills (in characters); the checkout form takes no more. */
export const COMPANY_NAME_MAX_LENGTH = 200;
export const TAX_ID_MAX_LENGTH = 50;
