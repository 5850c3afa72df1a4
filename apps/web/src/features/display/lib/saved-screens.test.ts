import { describe, expect, it } from 'vitest';
import { addSavedScreen, maskPasscode, parseSavedScreens, removeSavedScreen } from './saved-screens';

describe('saved screens', () => {
  it('puts the newest first and keeps one entry per screen id, whatever its case', () => {
    let list = addSavedScreen([], { screenId: 'CAFE-1', passcode: '111111' });
    list = addSavedScreen(list, { screenId: 'GYM-2', passcode: '222222' });
    list = addSavedScreen(list, { screenId: 'cafe-1', passcode: '333333' });
    expect(list).toEqual([
      { screenId: 'cafe-1', passcode: '333333' },
      { screenId: 'GYM-2', passcode: '222222' },
    ]);
  });

  it('removes an entry by screen id', () => {
    const list = [
      { screenId: 'A', passcode: '111111' },
      { screenId: 'B', passcode: '222222' },
    ];
    expect(removeSavedScreen(list, 'a')).toEqual([{ screenId: 'B', passcode: '222222' }]);
  });

  it('reads a stored list, dropping malformed entries and later duplicates', () => {
    const raw = JSON.stringify([
      { screenId: 'A', passcode: '111111' },
      { screenId: 'B', passcode: '222222' },
      { screenId: 'a', passcode: '999999' },
      { screenId: '', passcode: '1' },
      { nope: true },
    ]);
    expect(parseSavedScreens(raw)).toEqual([
      { screenId: 'A', passcode: '111111' },
      { screenId: 'B', passcode: '222222' },
    ]);
    expect(parseSavedScreens('not json')).toEqual([]);
    expect(parseSavedScreens('{"screenId":"A"}')).toEqual([]);
    expect(parseSavedScreens(null)).toEqual([]);
  });

  it('masks a passcode digit for digit', () => {
    expect(maskPasscode('135790')).toBe('••••••');
  });
});
