/**
 * Brand policy, the one door core uses for it (issue 11 item 4): the system prompt every generator
 * sends (`systemPromptFor`) and the topics-to-avoid guard generators run before calling a model.
 * The guard's matching lives in platform/ai/offline/topics.ts because the offline provider
 * refuses those topics too, and platform cannot import core.
 */
export { REFUSAL_RULE, systemPromptFor } from './prompt';
export { matchedTopicToAvoid, topicsToAvoidList, violatesTopicsToAvoid } from '../../platform/ai/offline/topics';
export { DATA_RULE, knowledgeBlock } from '../../platform/ai/prompt-text';
