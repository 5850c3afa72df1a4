import type { Scope } from '@adloop/contract/permissions';
import type { Role } from '@adloop/contract/roles';
import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ads, playbackLogs, takeovers, users } from '../db/schema.ts';
import { type Caller, callerOf } from './context.ts';
import {
  assertCallersCompany,
  assertCallersOutlet,
  scopedByCompany,
  scopedByCompanyOrOutlet,
  scopedByOutlet,
  scopedByScreens,
  scopedByTenancy,
} from './scope.ts';

const dialect = new PgDialect();
const render = (condition: SQL | undefined) => (condition ? dialect.sqlToQuery(condition) : undefined);

function caller(role: Role, scope: Scope, memberships: { companyIds?: string[]; outletIds?: string[] } = {}): Caller {
  const user = {
    id: 'u1',
    name: 'Asha',
    email: 'asha@example.com',
    phone_number: null,
    role,
    must_change_password: false,
    alert_emails: false,
  };
  return callerOf(
    { user, sessionId: 's1', companyIds: memberships.companyIds ?? [], outletIds: memberships.outletIds ?? [] },
    scope,
  );
}

const admin = caller('GLOBAL_ADMIN', 'all');
const companyAdmin = caller('COMPANY_ADMIN', 'own', { companyIds: ['c1'] });
const outletAdmin = caller('OUTLET_ADMIN', 'own', { outletIds: ['o1', 'o2'] });

describe('the rows a caller may see', () => {
  it('leaves every row to a caller whose scope is all', () => {
    expect(scopedByCompany(admin, ads.companyId)).toBeUndefined();
    expect(scopedByOutlet(admin, playbackLogs.outletId)).toBeUndefined();
    expect(scopedByScreens(admin, takeovers.screenIds)).toBeUndefined();
    expect(scopedByCompanyOrOutlet(admin, playbackLogs)).toBeUndefined();
  });

  it("narrows an own scope to the caller's companies or outlets, and to none when they have none", () => {
    expect(render(scopedByCompany(companyAdmin, ads.companyId))).toMatchObject({
      sql: '"ads"."company_id" in ($1)',
      params: ['c1'],
    });
    expect(render(scopedByOutlet(outletAdmin, playbackLogs.outletId))?.params).toEqual(['o1', 'o2']);
    expect(render(scopedByOutlet(companyAdmin, playbackLogs.outletId))?.sql).toBe('false');
    expect(render(scopedByScreens(companyAdmin, takeovers.screenIds))?.sql).toBe('false');
    expect(render(scopedByScreens(outletAdmin, takeovers.screenIds))?.sql).toContain('"takeovers"."screen_ids" &&');
  });

  it("reads a company role's rows by company and an outlet role's by outlet", () => {
    expect(render(scopedByCompanyOrOutlet(companyAdmin, playbackLogs))?.sql).toContain('"company_id"');
    expect(render(scopedByCompanyOrOutlet(outletAdmin, playbackLogs))?.sql).toContain('"outlet_id"');
    // A table without the column the caller is scoped by shows them nothing.
    expect(render(scopedByCompanyOrOutlet(outletAdmin, { companyId: playbackLogs.companyId }))?.sql).toBe('false');
  });

  it('gives a self scope its own row, and a caller of neither kind none', () => {
    const self = { self: (id: string) => eq(users.id, id), company: () => undefined, outlet: () => undefined };
    expect(render(scopedByTenancy(caller('COMPANY_EMPLOYEE', 'self', { companyIds: ['c1'] }), self))?.params).toEqual([
      'u1',
    ]);
    expect(render(scopedByTenancy(caller('UNMAPPED', 'own'), self))?.sql).toBe('false');
  });
});

describe('a company or outlet that is the caller’s', () => {
  it('answers the 404 of a foreign row for one that is not, and nothing for a global scope', () => {
    expect(() => assertCallersCompany(companyAdmin, 'c1')).not.toThrow();
    expect(() => assertCallersCompany(companyAdmin, 'c2')).toThrow(expect.objectContaining({ statusCode: 404 }));
    expect(() => assertCallersOutlet(outletAdmin, 'o3')).toThrow(expect.objectContaining({ statusCode: 404 }));
    expect(() => assertCallersCompany(admin, 'c2')).not.toThrow();
  });
});
