/**
 * `editarPropuesta` (active; issue 13 item 2): `{planId, post}` → the proposal: the owner's fix of
 * one proposed post before approval (title, content, date, time, network, versions per network);
 * 404 when the plan is no longer pending or has no such post, 409 when it changed meanwhile.
 */
import { editarPropuesta } from '@director-ia/shared';
import { editProposal } from '../core/plan/proposals';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(editarPropuesta, async ({ data, identity }) => editProposal(requireIdentity(identity).sub, data));
