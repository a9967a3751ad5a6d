/**
 * The 'Reglas de respuesta' form (issue 14 item 3) and InboxRules: the form keeps what the owner
 * is editing (the hours stay filled in while the toggle is off, the topics are one per line), and
 * converts both ways. A validation message of the server (or of the same schema checked before
 * sending) is placed under the field it is about.
 */
import { BusinessHoursSchema, INBOX_MSG, INBOX_NETWORKS, InboxRulesSchema, describeBusinessHours, type InboxMode, type InboxNetwork, type InboxRules } from '@director-ia/shared';

export interface RulesForm {
  modes: Record<InboxNetwork, InboxMode>;
  hoursEnabled: boolean;
  /** ISO weekdays, 1 = lunes … 7 = domingo, ascending. */
  days: number[];
  /** HH:mm. */
  from: string;
  to: string;
  handoffMessage: string;
  /** One topic per line. */
  topicsText: string;
}

/** The hours a form offers when the brand has none yet: weekdays, 09:00 to 18:00. */
export const DEFAULT_FORM_HOURS = { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' } as const;

/** The form showing `rules`. */
export function rulesToForm(rules: InboxRules): RulesForm {
  const hours = rules.businessHours ?? DEFAULT_FORM_HOURS;
  return {
    modes: { ...rules.modes },
    hoursEnabled: rules.businessHours !== null,
    days: [...hours.days].sort((a, b) => a - b),
    from: hours.from,
    to: hours.to,
    handoffMessage: rules.handoffMessage,
    topicsText: rules.humanTopics.join('\n'),
  };
}

/** The topics of a one-per-line text: each line trimmed, empty lines dropped. */
export function topicsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The InboxRules `form` stands for (not validated: guardarReglasBandeja checks them). */
export function formToRules(form: RulesForm): InboxRules {
  return {
    modes: { ...form.modes },
    businessHours: form.hoursEnabled ? { days: [...form.days].sort((a, b) => a - b), from: form.from, to: form.to } : null,
    handoffMessage: form.handoffMessage.trim(),
    humanTopics: topicsOf(form.topicsText),
  };
}

/** `days` with `day` added or removed, ascending. */
export function toggleDay(days: readonly number[], day: number): number[] {
  return (days.includes(day) ? days.filter((d) => d !== day) : [...days, day]).sort((a, b) => a - b);
}

/** The hours' preview ('de lunes a viernes de 09:00 a 18:00'), or INBOX_MSG.invalidHours when the form's hours are not valid. */
export function hoursPreview(form: Pick<RulesForm, 'days' | 'from' | 'to'>): { valid: boolean; text: string } {
  const hours = BusinessHoursSchema.safeParse({ days: form.days, from: form.from, to: form.to });
  return hours.success ? { valid: true, text: describeBusinessHours(hours.data) } : { valid: false, text: INBOX_MSG.invalidHours };
}

/** The form's fields a validation message can be about. */
export type RulesField = 'modes' | 'hours' | 'handoff' | 'topics';

const FIELD_OF_MESSAGE: ReadonlyMap<string, RulesField> = new Map([
  [INBOX_MSG.invalidMode, 'modes'],
  [INBOX_MSG.invalidHours, 'hours'],
  [INBOX_MSG.handoffRequired, 'handoff'],
  [INBOX_MSG.handoffTooLong, 'handoff'],
  [INBOX_MSG.topicsInvalid, 'topics'],
]);

/** The field a Spanish validation message is about, or null (then it is shown for the whole form). */
export function fieldOfMessage(message: string): RulesField | null {
  return FIELD_OF_MESSAGE.get(message) ?? null;
}

const FIELD_OF_KEY: Readonly<Record<string, RulesField>> = { modes: 'modes', businessHours: 'hours', handoffMessage: 'handoff', humanTopics: 'topics' };

/**
 * The problems of `rules` by field (InboxRulesSchema, the check the server makes), the first one
 * of each field; empty when they are valid. Hours problems always read INBOX_MSG.invalidHours.
 */
export function rulesProblems(rules: InboxRules): Partial<Record<RulesField, string>> {
  const result = InboxRulesSchema.safeParse(rules);
  if (result.success) return {};
  const problems: Partial<Record<RulesField, string>> = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF_KEY[String(issue.path[0])];
    if (!field || problems[field]) continue;
    problems[field] = field === 'hours' ? INBOX_MSG.invalidHours : issue.message;
  }
  return problems;
}

/** The networks in the form's order. */
export const RULE_NETWORKS: readonly InboxNetwork[] = INBOX_NETWORKS;
