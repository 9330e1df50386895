/**
 * A user's name as staff see it, as SQL over a query alias of the User entity: "First Last", the one
 * name given, or "Guest User" when there is none (a checkout by email leaves the name empty). Built
 * from immutable functions only, so an index can hold it (migration AdminListIndexes): the lists sort
 * and search on exactly this text.
 */
export const displayNameSql = (alias: string) =>
  `COALESCE(NULLIF(btrim(COALESCE(btrim(${alias}.firstName), '') || ' ' || COALESCE(btrim(${alias}.lastName), '')), ''), 'Guest User')`;
