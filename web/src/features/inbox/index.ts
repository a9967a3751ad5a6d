/**
 * The inbox feature's public surface (issue 14, Bandeja de mensajes): one hook per inbox callable,
 * the page's pure helpers and words, the rules form conversion, and opening Bandeja on a
 * conversation from another page (Leads).
 */
export { INBOX_UI } from './labels';
export { conversationListKey, conversationsKey, inboxKey, inboxRulesKey, serverFilter, threadKey } from './keys';
export { forgetRequestedConversation, openConversation, requestedConversation } from './navigation';
export {
  DEFAULT_FORM_HOURS,
  RULE_NETWORKS,
  fieldOfMessage,
  formToRules,
  hoursPreview,
  rulesProblems,
  rulesToForm,
  toggleDay,
  topicsOf,
  type RulesField,
  type RulesForm,
} from './rulesForm';
export { withMessage } from './threadCache';
export { approvalOf, useApproveSuggestion, type Approval } from './useApproveSuggestion';
export { THREAD_REFRESH_MS, useConversation, type Thread } from './useConversation';
export { CONVERSATIONS_REFRESH_MS, UNREAD_REFRESH_MS, useConversations, useInboxUnread } from './useConversations';
export { useDiscardSuggestion } from './useDiscardSuggestion';
export { useInboxRules } from './useInboxRules';
export { useReplyConversation } from './useReplyConversation';
export { useSaveInboxRules } from './useSaveInboxRules';
export {
  absoluteTime,
  channelText,
  deliveryText,
  lastMessageText,
  messageTime,
  relativeTime,
  replyAvailability,
  visibleConversations,
  withConversationRead,
  type ConversationList,
  type ReplyAvailability,
} from './view';
