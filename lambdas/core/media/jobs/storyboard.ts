/**
 * `proponerGuion` (issue 18 item 2): the storyboard of a text video, written by the brand's AI
 * provider (or the offline writer, labelled), under the daily 'storyboards' quota; a brief that
 * names one of the brand's topics to avoid is refused first (400, MEDIA_MSG.topicToAvoid).
 */
import { MEDIA_MSG, STORYBOARD_LIMITS, type CallableInput, type CallableOutput } from '@director-ia/shared';
import { InvalidInputError } from '../../../platform/errors';
import { matchedTopicToAvoid } from '../../brand';
import { brandAiProvider } from '../../generation/provider';
import { withDailyQuota } from '../../quotas/daily';
import { readBrandContext } from '../../settings/aiSettings';
import { writeStoryboard } from '../video';

/** `proponerGuion`: a storyboard for `brief` under the daily storyboards quota (topics to avoid refused first). */
export async function proposeStoryboard(sub: string, input: CallableInput<'proponerGuion'>, now = new Date()): Promise<CallableOutput<'proponerGuion'>> {
  const brand = await readBrandContext(sub);
  const topic = matchedTopicToAvoid(input.brief, brand);
  if (topic) throw new InvalidInputError(MEDIA_MSG.topicToAvoid(topic, 'el guion'));
  const provider = await brandAiProvider(sub);
  return withDailyQuota(sub, 'storyboards', () => writeStoryboard(input.brief.slice(0, STORYBOARD_LIMITS.briefMax), input.format, brand, provider), now);
}
