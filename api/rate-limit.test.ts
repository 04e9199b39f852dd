import { describe, expect, test } from 'vitest';
import { networkOf, rateLimitMessages } from './rate-limit.ts';

describe('networkOf: whom a per-network limit counts', () => {
  test.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});

describe('rateLimitMessages', () => {
  test('the wait is in whole minutes, rounded up, never less than one', () => {
    expect(rateLimitMessages.registerNetwork(3600)).toContain('Please wait 60 minutes');
    expect(rateLimitMessages.registerNetwork(61)).toContain('Please wait 2 minutes');
    expect(rateLimitMessages.inviteAccount(1)).toContain('Please wait 1 minute and');
  });
});
