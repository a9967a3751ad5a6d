/** The Spanish formatting of the numbers in publishing messages: grouping, decimal comma, sizes, durations, ratios, format names. */
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatName, formatNumber, formatRatio } from '@director-ia/shared';

const MB = 1024 * 1024;

describe('publishing message formats', () => {
  it('writes counts the Spanish way: four digits ungrouped, five grouped with a dot, decimals with a comma', () => {
    expect([formatNumber(280), formatNumber(2200), formatNumber(63_206), formatNumber(36_152_320), formatNumber(1.91)]).toEqual(['280', '2200', '63.206', '36.152.320', '1,91']);
  });

  it('writes sizes in KB, MB or GB with one decimal, rounding a measured size up when asked', () => {
    expect([formatBytes(300 * 1024), formatBytes(5 * MB), formatBytes(9.5 * MB), formatBytes(8 * 1024 * MB)]).toEqual(['300 KB', '5 MB', '9,5 MB', '8 GB']);
    expect([formatBytes(5 * MB + 1), formatBytes(5 * MB + 1, 'up')]).toEqual(['5 MB', '5,1 MB']);
  });

  it('writes durations in s, min and h, rounding up or down when asked', () => {
    expect([0.5, 3, 60, 140, 900, 1200.5, 3600, 3900, 43_200, 43_201].map((seconds) => formatDuration(seconds))).toEqual([
      '0,5 s',
      '3 s',
      '1 min',
      '2 min 20 s',
      '15 min',
      '20 min 0,5 s',
      '1 h',
      '1 h 5 min',
      '12 h',
      '12 h 1 s',
    ]);
    expect([formatDuration(600.01, 'up'), formatDuration(2.99, 'down'), formatDuration(0)]).toEqual(['10 min 0,1 s', '2,9 s', '0 s']);
  });

  it('writes ratios and format names as the networks document them', () => {
    expect([formatRatio({ width: 4, height: 5 }), formatRatio({ width: 1.91, height: 1 }), formatRatio({ width: 0.01, height: 1 })]).toEqual(['4:5', '1,91:1', '0,01:1']);
    expect(['image/jpeg', 'video/quicktime', 'video/x-msvideo', 'image/avif', 'video/x-unknown'].map(formatName)).toEqual(['JPG', 'MOV', 'AVI', 'AVIF', 'UNKNOWN']);
  });
});
