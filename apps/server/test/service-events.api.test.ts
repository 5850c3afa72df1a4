import { scopeOf } from '@adloop/contract/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads } from '../src/db/schema.ts';
import { callerOf, contextFor, inTransaction, type ServiceContext } from '../src/lib/context.ts';
import type { BusEvent } from '../src/lib/event-bus.ts';
import { updateAd } from '../src/modules/ads/ads.service.ts';
import { authenticateStaff } from '../src/modules/auth/auth.service.ts';
import { createAd, createCompany } from './helpers/factories.ts';
import { signInAs } from './helpers/sign-in.ts';
import { createTestApp, databaseKinds, type TestApp } from './helpers/test-app.ts';

/** Services announce their own changes: no route in between, and nothing before the commit. */
describe.each(databaseKinds)('service events on %s', (kind) => {
  let t: TestApp;
  let ctx: ServiceContext;
  let events: BusEvent[];
  let stop: () => void;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const principal = await authenticateStaff(t.db, t.jwtSecret, await signInAs(t));
    if (!principal) throw new Error('the session did not resolve');
    ctx = contextFor(t.db, t.app.events, callerOf(principal, scopeOf(principal.user.role, 'ads', 'update')));
    events = [];
    stop = t.app.events.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    stop();
    await t.close();
  });

  it('an ad edited through the service alone tells the screens (ads.changed on the bus)', async () => {
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id, { title: 'Before' });
    events.length = 0;
    const edited = await updateAd(ctx, ad.id, { title: 'After' });
    expect(edited.title).toBe('After');
    expect(events).toEqual([{ type: 'ads.changed', adIds: [ad.id] }]);
  });

  it('an event emitted in a transaction is published once it commits, and never when it rolls back', async () => {
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id);
    const changed: BusEvent = { type: 'ads.changed', adIds: [ad.id] };
    events.length = 0;

    await expect(
      inTransaction(ctx, async (tx, emit) => {
        await tx.update(ads).set({ title: 'Never saved' }).where(eq(ads.id, ad.id));
        await emit(changed);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(events).toEqual([]);
    const [stored] = await t.db.select({ title: ads.title }).from(ads).where(eq(ads.id, ad.id));
    expect(stored?.title).toBe(ad.title);

    await inTransaction(ctx, async (_tx, emit) => {
      await emit(changed);
      expect(events).toEqual([]);
    });
    expect(events).toEqual([changed]);
  });
});
