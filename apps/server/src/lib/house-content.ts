import { type Column, isNull, type SQL, sql } from 'drizzle-orm';
import { companies } from '../db/schema.ts';

/*
 * House content in SQL (decision 090). An outlet's house account carries the outlet's own id, so a
 * play or rollup row, which names both its company and its outlet, is house content exactly when
 * the two are equal; a row that names only a company asks the companies table.
 */

/** Companies that advertise: every company but the outlets' house accounts. */
export const isAdvertiser: SQL = isNull(companies.houseOutletId);

/** A play or rollup row of the outlet's own content: never billed, never paid out. */
export const isHousePlay = (companyId: Column, outletId: Column): SQL => sql`${companyId} = ${outletId}`;

/** A row whose company column names an advertiser, not a house account. */
export const ofAdvertiser = (companyId: Column): SQL =>
  sql`not exists (select 1 from ${companies} where ${companies.id} = ${companyId} and ${companies.houseOutletId} is not null)`;
