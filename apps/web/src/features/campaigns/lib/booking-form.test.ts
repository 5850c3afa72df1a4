import type { Campaign, LineItem } from '@adloop/contract/campaigns';
import { ALWAYS } from '@adloop/contract/targeting';
import { describe, expect, it } from 'vitest';
import {
  availabilityQueryOf,
  bookingFormSchema,
  campaignBody,
  campaignChanges,
  lineItemBody,
  lineItemChanges,
  newBookingValues,
  savedBookingValues,
} from '@/features/campaigns/lib/booking-form';
import { parseMoney } from '@/lib/money';

const AD = '0b5c1d7e-8a41-4a57-9d1e-3f1c2f0a9b10';

const campaign: Campaign = {
  id: 'c1',
  company_id: 'co1',
  company: { name: 'Brew Co' },
  name: 'Diwali week',
  status: 'DRAFT',
  budget_cap_minor: 500_000,
  hold_expires_at: null,
  make_good: false,
  created_by: null,
  created_at: '2026-11-27T00:00:00Z',
  updated_at: '2026-11-27T00:00:00Z',
};

const lineItem: LineItem = {
  id: 'l1',
  campaign_id: 'c1',
  name: 'Main flight',
  starts_on: '2026-12-01',
  ends_on: '2026-12-07',
  goal_kind: 'PLAYS',
  goal_quantity: 1200,
  pacing: 'EVEN',
  daily_cap: null,
  max_plays_per_screen_hour: 20,
  guaranteed: true,
  spot_seconds: 10,
  targeting: {
    tags: ['cafe'],
    outlet_ids: [],
    pincodes: [],
    cities: ['Bengaluru'],
    schedule: { ...ALWAYS, start_date: '2026-12-01', end_date: '2026-12-07', start_time: '18:00', end_time: '22:00' },
  },
  ad_ids: [AD],
  quoted_price_minor: null,
  created_at: '2026-11-27T00:00:00Z',
  updated_at: '2026-11-27T00:00:00Z',
};

const valid = () => bookingFormSchema.parse({ ...newBookingValues('2026-11-27'), name: 'Diwali week', ad_ids: [AD] });

describe('the booking form', () => {
  it('starts with a week from tomorrow, 1,000 plays, even and guaranteed, 10-second spots', () => {
    const values = newBookingValues('2026-11-27');
    expect(values).toMatchObject({
      starts_on: '2026-11-28',
      ends_on: '2026-12-04',
      goal_kind: 'PLAYS',
      goal_plays: 1000,
      pacing: 'EVEN',
      guaranteed: true,
      spot_seconds: 10,
    });
  });

  it('keeps a budget typed in rupees as exact paise', () => {
    const budget = parseMoney('1,234.56', 'INR');
    expect(budget).toBe(123_456);
    const values = { ...valid(), budget_cap_minor: budget ?? undefined };
    expect(campaignBody(values, false)).toEqual({ name: 'Diwali week', budget_cap_minor: 123_456 });
    expect(campaignBody({ ...values, company_id: 'co9' }, true)).toMatchObject({ company_id: 'co9' });
    expect(campaignBody({ ...values, budget_cap_minor: undefined }, false).budget_cap_minor).toBeNull();
  });

  it('sends the goal of the chosen kind: plays, or a budget in paise', () => {
    expect(lineItemBody(valid())).toMatchObject({ goal_kind: 'PLAYS', goal_quantity: 1000 });
    const budget = { ...valid(), goal_kind: 'BUDGET' as const, goal_budget_minor: 250_000 };
    expect(lineItemBody(budget)).toMatchObject({ goal_kind: 'BUDGET', goal_quantity: 250_000 });
  });

  it('books impressions from their own field, keeping the plays typed before', () => {
    const impressions = { ...valid(), goal_kind: 'IMPRESSIONS' as const, goal_impressions: 25_000 };
    expect(lineItemBody(impressions)).toMatchObject({ goal_kind: 'IMPRESSIONS', goal_quantity: 25_000 });
    expect(impressions.goal_plays).toBe(1000);
    const missing = bookingFormSchema.safeParse({ ...impressions, goal_impressions: undefined });
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['goal_impressions', 'Enter how many impressions to buy'],
    ]);
  });

  it('reads a saved impressions goal back as impressions, the other goals at their defaults', () => {
    const saved = { ...lineItem, goal_kind: 'IMPRESSIONS' as const, goal_quantity: 40_000 };
    const values = bookingFormSchema.parse(savedBookingValues(campaign, saved, '2026-11-27'));
    expect(values).toMatchObject({ goal_kind: 'IMPRESSIONS', goal_impressions: 40_000, goal_plays: 1000 });
    expect(lineItemChanges(saved, lineItemBody(values))).toEqual({});
    expect(lineItemChanges(saved, lineItemBody({ ...values, goal_kind: 'PLAYS' }))).toEqual({
      goal_kind: 'PLAYS',
      goal_quantity: 1000,
    });
  });

  it('refuses a missing goal, a flight backwards, half a daypart and no creative', () => {
    const result = bookingFormSchema.safeParse({
      ...newBookingValues('2026-11-27'),
      name: 'x',
      goal_plays: undefined,
      ends_on: '2026-11-01',
      schedule: { days_of_week: [], start_time: '10:00', end_time: null },
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['goal_plays', 'ends_on', 'schedule.end_time', 'ad_ids']));
  });

  it('reads a saved draft back into the form, and sends only what changed', () => {
    const values = bookingFormSchema.parse(savedBookingValues(campaign, lineItem, '2026-11-27'));
    expect(values).toMatchObject({ name: 'Diwali week', budget_cap_minor: 500_000, goal_plays: 1200 });
    expect(campaignChanges(campaign, values)).toEqual({});
    expect(lineItemChanges(lineItem, lineItemBody(values))).toEqual({});

    const edited = { ...values, budget_cap_minor: undefined, goal_plays: 1500 };
    expect(campaignChanges(campaign, edited)).toEqual({ budget_cap_minor: null });
    expect(lineItemChanges(lineItem, lineItemBody(edited))).toEqual({ goal_quantity: 1500 });

    const evenings = { ...values, schedule: { ...values.schedule, days_of_week: [5, 6] } };
    expect(Object.keys(lineItemChanges(lineItem, lineItemBody(evenings)))).toEqual(['targeting']);
  });

  it('asks availability for the totals only, once the flight and spot length can be asked about', () => {
    const values = {
      ...newBookingValues('2026-11-27'),
      targeting: { ...valid().targeting, pincodes: ['5600', '560038'] },
    };
    expect(availabilityQueryOf(values)).toMatchObject({
      starts_on: '2026-11-28',
      ends_on: '2026-12-04',
      spot_seconds: 10,
      screens_page_size: 0,
      schedule: { days_of_week: [] },
      targeting: { pincodes: ['560038'] },
    });
    expect(availabilityQueryOf({ ...values, ends_on: '2026-11-01' })).toBeNull();
    expect(availabilityQueryOf({ ...values, ends_on: '2027-06-01' })).toBeNull();
    expect(availabilityQueryOf({ ...values, spot_seconds: Number.NaN })).toBeNull();
    expect(availabilityQueryOf({ ...values, starts_on: '' })).toBeNull();
  });
});
