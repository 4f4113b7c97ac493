import { APPROVAL_WINDOW_SECONDS, approvalThresholdOf, fourEyes } from '../four-eyes';

describe('fourEyes', () => {
  const threshold = approvalThresholdOf('MYR');

  it.each([
    ['a first movement of exactly the threshold passes', threshold, [], false, threshold],
    ['one sen above the threshold needs a second person', threshold + 1, [], true, threshold + 1],
    ['a second threshold-sized movement in the window needs a second person (issue 26 §2)', threshold, [threshold], true, 2 * threshold],
    ['small movements add up over the window', 20_000, [20_000, 20_000], true, 60_000],
    ['small movements under the threshold together pass', 10_000, [20_000, 10_000], false, 40_000],
  ])('%s', (_name, amountMinor, windowAmountsMinor, requiresApproval, windowTotalMinor) => {
    expect(fourEyes({ amountMinor, windowAmountsMinor, thresholdMinor: threshold })).toEqual({ requiresApproval, windowTotalMinor });
  });

  it('has a threshold for every market currency and a day-long window', () => {
    expect(['MYR', 'SGD', 'PHP', 'THB', 'TWD'].map(approvalThresholdOf)).toEqual([50_000, 20_000, 500_000, 300_000, 300_000]);
    expect(APPROVAL_WINDOW_SECONDS).toBe(86_400);
  });
});
