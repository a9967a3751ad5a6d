/** The targets chooser's first choice (issue 12 item 1): every target right after connecting, the saved choice otherwise. */
import { describe, expect, it } from 'vitest';
import { initialTargetIds } from '../../../../../../../web/src/features/social/components/TargetsDialog';
import { connectedFacebook } from '../fixtures';

describe('initialTargetIds', () => {
  it('checks every target right after connecting', () => {
    expect([...initialTargetIds(connectedFacebook, true)]).toEqual(['p1', 'p2']);
  });

  it('checks the saved choice when opened from the card', () => {
    expect([...initialTargetIds(connectedFacebook, false)]).toEqual(['p1']);
  });
});
