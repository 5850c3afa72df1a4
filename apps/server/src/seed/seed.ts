import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  ads,
  companies,
  companyUsers,
  outlets,
  outletUsers,
  pincodes,
  rateCardDayparts,
  rateCards,
  rateCardTiers,
  screens,
  users,
} from '../db/schema.ts';
import { recordAdVersion } from '../modules/ads/ad-version-log.ts';
import { newPasswordProblem } from '../modules/auth/password-policy.ts';
import { hashSecret } from '../modules/auth/passwords.ts';
import { storeMedia } from '../modules/media/media.storage.ts';

export interface SeedOptions {
  adminEmail: string;
  adminPassword?: string;
  seedDemo: boolean;
  demoScreenPasscode?: string;
  /** One password for the four demo staff of the other roles; generated when absent. */
  demoUserPassword?: string;
  mediaDir: string;
}

export interface SeedResult {
  admin: { email: string; password: string; generated: boolean };
  screen?: { screenCode: string; passcode: string; generated: boolean };
  /** The demo staff of the four other roles, sharing one password. */
  staff?: { emails: Record<DemoRole, string>; password: string };
}

type DemoRole = 'COMPANY_ADMIN' | 'COMPANY_EMPLOYEE' | 'OUTLET_ADMIN' | 'OUTLET_EMPLOYEE';

/** Demo staff of every role but global admin, so each role's dashboard can be tried at once. */
export const DEMO_STAFF: Record<DemoRole, { email: string; name: string }> = {
  COMPANY_ADMIN: { email: 'company.admin@demo.adloop.app', name: 'Priya Menon' },
  COMPANY_EMPLOYEE: { email: 'company.employee@demo.adloop.app', name: 'Arjun Rao' },
  OUTLET_ADMIN: { email: 'outlet.admin@demo.adloop.app', name: 'Kavya Iyer' },
  OUTLET_EMPLOYEE: { email: 'outlet.employee@demo.adloop.app', name: 'Rahul Shetty' },
};

export const DEMO_SCREEN_CODE = 'DEMO-SCREEN-01';
const assetsDir = fileURLToPath(new URL('../../assets/demo/', import.meta.url));

/** Seeds the global admin and the demo on an empty database; returns null when there was data. */
export async function seedOnFirstStart(db: Database, options: SeedOptions): Promise<SeedResult | null> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (existing && existing.count > 0) return null;

  const adminPassword = options.adminPassword ?? randomBytes(12).toString('base64url');
  const passcode = options.demoScreenPasscode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  const staffPassword = options.demoUserPassword ?? randomBytes(9).toString('base64url');
  // Configured passwords follow the rule for new staff passwords (decision 040).
  const weak =
    newPasswordProblem(adminPassword, options.adminEmail) ??
    (options.seedDemo ? newPasswordProblem(staffPassword, '') : null);
  if (weak) throw new Error(`ADMIN_PASSWORD or DEMO_USER_PASSWORD refused: ${weak}`);
  const [adminHash, passcodeHash, staffHash] = await Promise.all([
    hashSecret(adminPassword),
    hashSecret(passcode),
    hashSecret(staffPassword),
  ]);
  const media = options.seedDemo
    ? {
        image: await storeMedia(options.mediaDir, await readFile(`${assetsDir}cold-brew.jpg`), 'jpg'),
        video: await storeMedia(options.mediaDir, await readFile(`${assetsDir}morning-rush.webm`), 'webm'),
      }
    : undefined;

  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      email: options.adminEmail.toLowerCase(),
      name: 'AdLoop Admin',
      role: 'GLOBAL_ADMIN',
      passwordHash: adminHash,
    });
    if (!media) return;

    await tx.insert(pincodes).values({ code: '560038', city: 'Bengaluru', state: 'Karnataka' });
    const [company] = await tx
      .insert(companies)
      .values({ name: 'Brewline Coffee Co.', contactEmail: 'marketing@brewline.example' })
      .returning();
    const [outlet] = await tx
      .insert(outlets)
      .values({
        name: 'Brewline Demo Cafe, Indiranagar',
        outletCode: 'OUT-DEMO-001',
        address: '100 Feet Road, Indiranagar',
        city: 'Bengaluru',
        pincode: '560038',
        tags: ['cafe', 'bengaluru'],
        commissionBps: 1500,
        tier: 'PREMIUM',
      })
      .returning();
    if (!company || !outlet) throw new Error('demo seed inserted no company or outlet');
    await tx.insert(screens).values({
      outletId: outlet.id,
      screenCode: DEMO_SCREEN_CODE,
      name: 'Counter screen',
      passcodeHash,
      tags: ['counter', 'landscape'],
    });
    const demoAds = await tx
      .insert(ads)
      .values([
        {
          companyId: company.id,
          title: 'Cold Brew Season',
          type: 'IMAGE',
          mediaUrl: media.image,
          durationSeconds: 5,
          status: 'ACTIVE',
        },
        { companyId: company.id, title: 'Morning Rush Combo', type: 'VIDEO', mediaUrl: media.video, status: 'ACTIVE' },
      ])
      .returning();
    for (const ad of demoAds) await recordAdVersion(tx, ad, 'created', null);
    // Peak hours from the first start, so the demo's plays show dynamic prices (decision 033).
    // Nothing has played yet, so no lead time is needed for this one.
    const [card] = await tx
      .insert(rateCards)
      .values({ effectiveFrom: sql`now()`, note: 'Demo peak hours: lunch and evening' })
      .returning({ id: rateCards.id });
    await tx.insert(rateCardTiers).values([
      { rateCardId: card!.id, tier: 'STANDARD', rateMinor: 150 },
      { rateCardId: card!.id, tier: 'PREMIUM', rateMinor: 225 },
      { rateCardId: card!.id, tier: 'FLAGSHIP', rateMinor: 300 },
    ]);
    await tx.insert(rateCardDayparts).values([
      { rateCardId: card!.id, name: 'Lunch', startTime: '12:00', endTime: '14:00', multiplierBps: 12_500 },
      { rateCardId: card!.id, name: 'Evening', startTime: '18:00', endTime: '22:00', multiplierBps: 15_000 },
    ]);
    const staff = await tx
      .insert(users)
      .values(
        Object.entries(DEMO_STAFF).map(([role, person]) => ({
          email: person.email,
          name: person.name,
          role,
          passwordHash: staffHash,
        })),
      )
      .returning({ id: users.id, role: users.role });
    for (const member of staff) {
      if (member.role.startsWith('COMPANY_')) {
        await tx.insert(companyUsers).values({ companyId: company.id, userId: member.id });
      } else {
        await tx.insert(outletUsers).values({ outletId: outlet.id, userId: member.id });
      }
    }
  });

  return {
    admin: { email: options.adminEmail.toLowerCase(), password: adminPassword, generated: !options.adminPassword },
    screen: options.seedDemo
      ? { screenCode: DEMO_SCREEN_CODE, passcode, generated: !options.demoScreenPasscode }
      : undefined,
    staff: options.seedDemo
      ? {
          emails: Object.fromEntries(
            Object.entries(DEMO_STAFF).map(([role, person]) => [role, person.email]),
          ) as Record<DemoRole, string>,
          password: staffPassword,
        }
      : undefined,
  };
}
