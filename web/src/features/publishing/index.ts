/**
 * The publishing feature's public surface (issue 13 items 2–4): the per-network preview and its
 * problems, the publication states' colours and chips, the gallery media of a post, and one hook
 * per publishing callable (publicarAhora, resolverPublicacion, adaptarPublicacion), and a tracked
 * link with its copy button (issue 15 item 4).
 */
export { foldText, PostPreview, ProblemList, type ShownProblem } from './components/PostPreview';
export { TrackedLink } from './components/TrackedLink';
export { PUBLISHING_UI } from './labels';
export { foundMedia, isPostable, mediaKindOf, missingMedia, postMediaOf, previewMediaOf, type PreviewMedia } from './media';
export { dueLabel, isPast, MISSED_AFTER_MS, publicationChips, publicationTone, shownState, type PublicationChip, type PublicationTone } from './publicationView';
export { adaptPost, useAdaptPost, type Adaptation, type AdaptRequest } from './useAdaptPost';
export { draftProblemsKey, useDraftProblems, type DraftCheck, type DraftProblems } from './useDraftProblems';
export { publishNowOptions, usePublishNow, type PublishNowRequest } from './usePublishNow';
export { resolvePublicationOptions, useResolvePublication, type ResolveRequest } from './useResolvePublication';
