import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTLET_TIERS, type OutletTier } from './constants.ts';
import {
  applyMultiplier,
  BASE_MULTIPLIER_BPS,
  cardInForce,
  type Daypart,
  nextCard,
  type PricingCard,
  priceOfPlay,
  rateCardCreateSchema,
} from './pricing.ts';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const time = fc.integer({ min: 0, max: 24 * 60 - 1 }).map(hhmm);
const date = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((value) => value.toISOString().slice(0, 10));
const tier = fc.constantFrom<OutletTier>(...OUTLET_TIERS);
const rate = fc.integer({ min: 1, max: 100_000 });
const daypart = (multiplier: fc.Arbitrary<number>): fc.Arbitrary<Daypart> =>
  fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 10 }),
      days_of_week: fc.subarray([0, 1, 2, 3, 4, 5, 6]),
      start_time: time,
      end_time: time,
      multiplier_bps: multiplier,
    })
    .filter((value) => value.start_time !== value.end_time);
const card = (multiplier: fc.Arbitrary<number>): fc.Arbitrary<PricingCard> =>
  fc.record({
    effective_from: fc.constant('2026-01-01T00:00:00.000Z'),
    tiers: fc.record({ STANDARD: rate, PREMIUM: rate, FLAGSHIP: rate }),
    dayparts: fc.array(daypart(multiplier), { maxLength: 6 }),
  });
const anyMultiplier = fc.integer({ min: 1_000, max: 100_000 });
const peakMultiplier = fc.integer({ min: 10_000, max: 100_000 });

const flat: PricingCard = {
  effective_from: '2026-01-01T00:00:00.000Z',
  tiers: { STANDARD: 150, PREMIUM: 225, FLAGSHIP: 300 },
  dayparts: [],
};
const withPeaks = (...dayparts: Daypart[]): PricingCard => ({ ...flat, dayparts });
const lunch: Daypart = {
  name: 'Lunch',
  days_of_week: [],
  start_time: '12:00',
  end_time: '14:00',
  multiplier_bps: 12_500,
};

describe('pricing', () => {
  it('a play is never cheaper than its tier rate when every multiplier is at least ×1', () => {
    fc.assert(
      fc.property(card(peakMultiplier), tier, date, time, (given, which, day, at) => {
        const price = priceOfPlay(given, which, day, at);
        return price.price_minor >= given.tiers[which] && price.rate_minor === given.tiers[which];
      }),
    );
  });

  it('prices are whole paise: rate × multiplier / 10,000 rounded half up, exactly', () => {
    fc.assert(
      fc.property(rate, anyMultiplier, (base, bps) => {
        const price = applyMultiplier(base, bps);
        expect(Number.isInteger(price)).toBe(true);
        // Exact in BigInt: half up means floor((r × m + 5,000) / 10,000).
        expect(BigInt(price)).toBe((BigInt(base) * BigInt(bps) + 5000n) / 10000n);
        // Within half a paisa of the exact product.
        expect(Math.abs(price * BASE_MULTIPLIER_BPS - base * bps)).toBeLessThanOrEqual(BASE_MULTIPLIER_BPS / 2);
      }),
    );
    expect(applyMultiplier(150, 12_500)).toBe(188); // 187.5 rounds up
    expect(applyMultiplier(225, 15_000)).toBe(338); // 337.5 rounds up
    expect(applyMultiplier(1, 14_999)).toBe(1); // 1.4999 rounds down
    expect(applyMultiplier(100_000, 100_000)).toBe(1_000_000);
  });

  it('outside every daypart the price is the tier rate at ×1', () => {
    fc.assert(
      fc.property(tier, date, time, (which, day, at) => {
        expect(priceOfPlay(flat, which, day, at)).toEqual({
          rate_minor: flat.tiers[which],
          multiplier_bps: BASE_MULTIPLIER_BPS,
          daypart_name: null,
          price_minor: flat.tiers[which],
        });
      }),
    );
  });

  it("a window's start is inside and its end outside, to the second", () => {
    const card = withPeaks(lunch);
    expect(priceOfPlay(card, 'STANDARD', '2026-11-20', '11:59:59').price_minor).toBe(150);
    expect(priceOfPlay(card, 'STANDARD', '2026-11-20', '12:00:00')).toEqual({
      rate_minor: 150,
      multiplier_bps: 12_500,
      daypart_name: 'Lunch',
      price_minor: 188,
    });
    expect(priceOfPlay(card, 'STANDARD', '2026-11-20', '13:59:59').daypart_name).toBe('Lunch');
    expect(priceOfPlay(card, 'STANDARD', '2026-11-20', '14:00:00').daypart_name).toBeNull();
  });

  it('a window and its complement partition the day (every minute is in exactly one)', () => {
    fc.assert(
      fc.property(time, time, date, time, (start, end, day, at) => {
        fc.pre(start !== end);
        const window = { ...lunch, start_time: start, end_time: end, multiplier_bps: 20_000 };
        const complement = { ...lunch, start_time: end, end_time: start, multiplier_bps: 20_000 };
        const inWindow = priceOfPlay(withPeaks(window), 'STANDARD', day, at).daypart_name !== null;
        const inComplement = priceOfPlay(withPeaks(complement), 'STANDARD', day, at).daypart_name !== null;
        return inWindow !== inComplement;
      }),
    );
  });

  it('a window crossing midnight covers the small hours of the next day, not of its own', () => {
    // 2026-11-20 is a Friday.
    const fridayNight: Daypart = {
      name: 'Late',
      days_of_week: [5],
      start_time: '22:00',
      end_time: '02:00',
      multiplier_bps: 15_000,
    };
    const card = withPeaks(fridayNight);
    expect(priceOfPlay(card, 'PREMIUM', '2026-11-20', '21:59').daypart_name).toBeNull();
    expect(priceOfPlay(card, 'PREMIUM', '2026-11-20', '22:00').price_minor).toBe(338);
    expect(priceOfPlay(card, 'PREMIUM', '2026-11-21', '01:59:59').daypart_name).toBe('Late');
    expect(priceOfPlay(card, 'PREMIUM', '2026-11-21', '02:00').daypart_name).toBeNull();
    expect(priceOfPlay(card, 'PREMIUM', '2026-11-20', '01:00').daypart_name).toBeNull();
    // Sunday night's window runs into Monday: the week wraps.
    const sunday = withPeaks({ ...fridayNight, days_of_week: [0] });
    expect(priceOfPlay(sunday, 'PREMIUM', '2026-11-23', '00:30').daypart_name).toBe('Late');
  });

  it('where dayparts overlap the highest multiplier wins, whatever their order', () => {
    fc.assert(
      fc.property(card(anyMultiplier), tier, date, time, (given, which, day, at) => {
        const price = priceOfPlay(given, which, day, at);
        const reversed = priceOfPlay({ ...given, dayparts: [...given.dayparts].reverse() }, which, day, at);
        expect(reversed.multiplier_bps).toBe(price.multiplier_bps);
        const covering = given.dayparts.filter(
          (each) => priceOfPlay(withPeaks(each), which, day, at).daypart_name !== null,
        );
        const expected = covering.length
          ? Math.max(...covering.map((each) => each.multiplier_bps))
          : BASE_MULTIPLIER_BPS;
        expect(price.multiplier_bps).toBe(expected);
      }),
    );
    const evening: Daypart = {
      ...lunch,
      name: 'Evening',
      start_time: '13:00',
      end_time: '22:00',
      multiplier_bps: 15_000,
    };
    expect(priceOfPlay(withPeaks(lunch, evening), 'FLAGSHIP', '2026-11-20', '13:30')).toMatchObject({
      daypart_name: 'Evening',
      price_minor: 450,
    });
  });

  it('the card in force is the latest one that has taken effect; the next is the earliest to come', () => {
    const cards = [
      { id: 'b', effective_from: '2026-06-01T00:00:00.000Z' },
      { id: 'a', effective_from: '1970-01-01T00:00:00.000Z' },
      { id: 'c', effective_from: '2026-12-01T00:00:00.000Z' },
    ];
    expect(cardInForce(cards, new Date('2026-05-31T23:59:59.999Z'))?.id).toBe('a');
    expect(cardInForce(cards, new Date('2026-06-01T00:00:00.000Z'))?.id).toBe('b');
    expect(cardInForce(cards, Date.parse('2027-01-01T00:00:00Z'))?.id).toBe('c');
    expect(cardInForce(cards, Date.parse('1969-12-31T00:00:00Z'))).toBeNull();
    expect(nextCard(cards, Date.parse('2026-07-01T00:00:00Z'))?.id).toBe('c');
    expect(nextCard(cards, Date.parse('2026-12-01T00:00:00Z'))).toBeNull();
  });

  it('the create body names what is wrong', () => {
    const valid = { tiers: { STANDARD: 150, PREMIUM: 225, FLAGSHIP: 300 } };
    expect(rateCardCreateSchema.safeParse(valid).success).toBe(true);
    const issue = (body: object) => rateCardCreateSchema.safeParse(body).error?.issues[0]?.path.join('.');
    expect(issue({ tiers: { STANDARD: 150, PREMIUM: 225 } })).toBe('tiers.FLAGSHIP');
    expect(issue({ tiers: { ...valid.tiers, STANDARD: 1.5 } })).toBe('tiers.STANDARD');
    expect(issue({ ...valid, dayparts: [{ ...lunch, end_time: '12:00' }] })).toBe('dayparts.0.end_time');
    expect(issue({ ...valid, dayparts: [{ ...lunch, days_of_week: [1, 1] }] })).toBe('dayparts.0.days_of_week');
    expect(issue({ ...valid, dayparts: [lunch, { ...lunch, name: 'LUNCH' }] })).toBe('dayparts.1.name');
  });
});
