/**
 * Brand policy, the one door core uses for it (issue 11 item 4): the system prompt every generator
 * sends (`systemPromptFor`) and the topics-to-avoid guard generators run before calling a model.
 * The guard's matching lives in platform/ai/offline/topics.ts because the offline provider
 * refuses those topics too, and platform cannot import core. Likewise `dataBlock`/`DATA_RULE`
 * (issue 16 item 3) live in platform/ai/prompt-text.ts because the providers frame knowledge with
 * them: every prompt builder wraps non-owner text with `dataBlock`.
 */
export { REFUSAL_RULE, systemPromptFor } from './prompt';
export { matchedTopicToAvoid, topicsToAvoidList, violatesTopicsToAvoid } from '../../platform/ai/offline/topics';
export { DATA_RULE, dataBlock, knowledgeBlock } from '../../platform/ai/prompt-text';
