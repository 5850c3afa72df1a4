import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatMoney, minorToInput, parseMoney } from '@/lib/money';

describe('parseMoney', () => {
  it('reads rupees as whole paise without floating point error', () => {
    expect(parseMoney('1234.5', 'INR')).toBe(123450);
    expect(parseMoney('0.29', 'INR')).toBe(29);
    expect(parseMoney('1.15', 'INR')).toBe(115);
    expect(parseMoney('4.35', 'INR')).toBe(435);
    expect(parseMoney('1,23,456.78', 'INR')).toBe(12345678);
    expect(parseMoney('₹ 10', 'INR')).toBe(1000);
    expect(parseMoney('7.', 'INR')).toBe(700);
  });

  it('refuses what is not an amount', () => {
    expect(parseMoney('', 'INR')).toBeNull();
    expect(parseMoney('1.234', 'INR')).toBeNull();
    expect(parseMoney('-5', 'INR')).toBeNull();
    expect(parseMoney('abc', 'INR')).toBeNull();
    expect(parseMoney('1e3', 'INR')).toBeNull();
  });

  it('follows the currency’s decimals', () => {
    expect(parseMoney('1500', 'JPY')).toBe(1500);
    expect(parseMoney('15.5', 'JPY')).toBeNull();
  });
});

describe('formatting', () => {
  it('writes paise as rupees the Indian way', () => {
    expect(formatMoney(185100, 'INR')).toBe('₹1,851.00');
    expect(formatMoney(12345678, 'INR')).toBe('₹1,23,456.78');
    expect(formatMoney(500000, 'INR', { whole: true })).toBe('₹5,000');
    expect(formatMoney(12345678, 'INR', { whole: true })).toBe('₹1,23,457');
  });

  it('turns minor units back into the text of an amount field', () => {
    expect(minorToInput(150, 'INR')).toBe('1.50');
    expect(minorToInput(5, 'INR')).toBe('0.05');
    expect(minorToInput(123450, 'INR')).toBe('1234.50');
  });

  it('writes basis points as a percentage', () => {
    expect(formatBasisPoints(1500)).toBe('15 %');
    expect(formatBasisPoints(1250)).toBe('12.5 %');
  });
});
