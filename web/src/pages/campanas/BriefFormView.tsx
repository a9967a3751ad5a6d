/**
 * A new campaign's brief (issue 15 item 1): name, objective, total budget in euros (the plan's
 * rule and message), dates, networks, product or offer, audience (provinces or cities of Spain,
 * age range 18–65 o más, interests as tags) and landing URL (by default the brand's public blog
 * home). Checked with the contract's CampaignBriefSchema before sending, each problem shown next
 * to its field; 'Generar propuesta' then shows progress while the AI works (up to ~30 s). A
 * server refusal is shown next to its field when it concerns one (start date past, landing not
 * allowed), else above the button; nothing typed is lost.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_NETWORKS,
  CAMPAIGN_OBJECTIVE_LABELS,
  CAMPAIGN_OBJECTIVES,
  LOCATION_KIND_LABELS,
  LOCATION_KINDS,
  SOCIAL_NETWORK_LABELS,
  SPANISH_PROVINCES,
  todayIso,
  type CampaignObjective,
  type LocationKind,
} from '@director-ia/shared';
import { addInterest, AGE_OPTIONS, blogHome, briefFieldOfMessage, checkBrief, emptyBriefForm, toggleNetwork, type BriefErrors, type BriefForm } from '../../features/campaigns/briefForm';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { useGenerateCampaign } from '../../features/campaigns/useGenerateCampaign';
import { fieldStyles, TextAreaField, TextField, useBlogSettings } from '../../features/settings';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Panel } from '../../ui/PageHeader';
import { LoadingState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './CampanasPage.module.css';

export function BriefFormView({ onCancel, onCreated }: { onCancel: () => void; onCreated: (id: string) => void }) {
  const blog = useBlogSettings();
  // The default landing needs the blog's address: wait for it (no wait without a session).
  if (blog.isLoading) return <LoadingState />;
  return <BriefFormPanel landingUrl={blogHome(blog.data, window.location.origin)} onCancel={onCancel} onCreated={onCreated} />;
}

/** A field's problem under it, referenced by the input's aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError}>
      {message}
    </p>
  );
}

/** The input attributes of a field with a possible problem. */
const invalidProps = (errors: BriefErrors, field: string, errorId: string) =>
  errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

function BriefFormPanel({ landingUrl, onCancel, onCreated }: { landingUrl: string; onCancel: () => void; onCreated: (id: string) => void }) {
  const id = useId();
  const [form, setForm] = useState<BriefForm>(() => emptyBriefForm(landingUrl));
  const [errors, setErrors] = useState<BriefErrors>({});
  const [interest, setInterest] = useState('');
  const generate = useGenerateCampaign();
  const busy = generate.isPending;
  const today = todayIso();

  const set = <K extends keyof BriefForm>(key: K, value: BriefForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const err = (field: string) => `${id}-${field.replace(/\./g, '-')}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBrief(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    generate.mutate(checked.brief, {
      onSuccess: (view) => onCreated(view.campaign.id),
      onError: (error) => {
        // A refusal about one field (a start date already past in the brand's zone, a landing off the site) shows next to it.
        const field = briefFieldOfMessage(errorMessage(error));
        if (field) setErrors({ [field]: errorMessage(error) });
      },
    });
  };

  const setLocation = (index: number, change: Partial<BriefForm['locations'][number]>) =>
    set(
      'locations',
      form.locations.map((location, position) => (position === index ? { ...location, ...change } : location)),
    );

  const pushInterest = () => {
    set('interests', addInterest(form.interests, interest));
    setInterest('');
  };
  const onInterestKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    pushInterest();
  };

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Panel className={styles.panel}>
      <form className={styles.briefForm} onSubmit={submit} noValidate aria-label={CAMPAIGN_UI.briefTitle} aria-busy={busy}>
        <header className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{CAMPAIGN_UI.briefTitle}</h2>
          <p className={styles.muted}>{CAMPAIGN_UI.briefIntro}</p>
        </header>

        <div className={styles.fields}>
          <div>
            <TextField
              id={`${id}-name`}
              label={CAMPAIGN_UI.name}
              value={form.name}
              onValue={(value) => set('name', value)}
              maxLength={CAMPAIGN_LIMITS.nameLength}
              placeholder={CAMPAIGN_UI.namePlaceholder}
              {...invalidProps(errors, 'name', err('name'))}
            />
            <FieldError id={err('name')} message={errors.name} />
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-objective`} className={fieldStyles.label}>
              {CAMPAIGN_UI.objective}
            </label>
            <select
              id={`${id}-objective`}
              className={fieldStyles.select}
              value={form.objective}
              onChange={(event) => set('objective', event.target.value as CampaignObjective | '')}
              {...invalidProps(errors, 'objective', err('objective'))}
            >
              <option value="" disabled>
                {CAMPAIGN_UI.chooseObjective}
              </option>
              {CAMPAIGN_OBJECTIVES.map((objective) => (
                <option key={objective} value={objective}>
                  {CAMPAIGN_OBJECTIVE_LABELS[objective]}
                </option>
              ))}
            </select>
            <FieldError id={err('objective')} message={errors.objective} />
          </div>
          <div>
            <TextField
              id={`${id}-budget`}
              label={CAMPAIGN_UI.budget}
              value={form.budget}
              onValue={(value) => set('budget', value)}
              inputMode="decimal"
              autoComplete="off"
              placeholder={CAMPAIGN_UI.budgetPlaceholder}
              {...invalidProps(errors, 'budget', err('budget'))}
            />
            <FieldError id={err('budget')} message={errors.budget} />
          </div>
          <div>
            <TextField id={`${id}-start`} label={CAMPAIGN_UI.startDate} type="date" min={today} value={form.startDate} onValue={(value) => set('startDate', value)} {...invalidProps(errors, 'startDate', err('startDate'))} />
            <FieldError id={err('startDate')} message={errors.startDate} />
          </div>
          <div>
            <TextField id={`${id}-end`} label={CAMPAIGN_UI.endDate} type="date" min={form.startDate || today} value={form.endDate} onValue={(value) => set('endDate', value)} {...invalidProps(errors, 'endDate', err('endDate'))} />
            <FieldError id={err('endDate')} message={errors.endDate} />
          </div>
        </div>

        <fieldset className={styles.fieldset} {...invalidProps(errors, 'networks', err('networks'))}>
          <legend className={styles.legend}>{CAMPAIGN_UI.networks}</legend>
          <div className={styles.checks}>
            {CAMPAIGN_NETWORKS.map((network) => (
              <label key={network} className={styles.check}>
                <input type="checkbox" checked={form.networks.includes(network)} onChange={() => set('networks', toggleNetwork(form.networks, network, CAMPAIGN_NETWORKS))} />
                {SOCIAL_NETWORK_LABELS[network]}
              </label>
            ))}
          </div>
          <FieldError id={err('networks')} message={errors.networks} />
        </fieldset>

        <div>
          <TextAreaField id={`${id}-offer`} label={CAMPAIGN_UI.offer} value={form.offer} onValue={(value) => set('offer', value)} maxLength={CAMPAIGN_LIMITS.offerLength} placeholder={CAMPAIGN_UI.offerPlaceholder} rows={3} />
          <FieldError id={err('offer')} message={errors.offer} />
        </div>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{CAMPAIGN_UI.audience}</legend>
          <div className={styles.subsection} role="group" aria-label={CAMPAIGN_UI.locations}>
            <h3 className={styles.subTitle}>{CAMPAIGN_UI.locations}</h3>
            <datalist id={`${id}-provinces`}>
              {SPANISH_PROVINCES.map((province) => (
                <option key={province} value={province} />
              ))}
            </datalist>
            <ol className={styles.locationRows}>
              {form.locations.map((location, index) => {
                const position = index + 1;
                const field = `audience.locations.${index}`;
                return (
                  <li key={index} className={styles.locationRow}>
                    <select
                      className={fieldStyles.select}
                      aria-label={CAMPAIGN_UI.locationKind(position)}
                      value={location.kind}
                      onChange={(event) => setLocation(index, { kind: event.target.value as LocationKind })}
                    >
                      {LOCATION_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {LOCATION_KIND_LABELS[kind]}
                        </option>
                      ))}
                    </select>
                    <input
                      className={fieldStyles.input}
                      aria-label={location.kind === 'provincia' ? CAMPAIGN_UI.province(position) : CAMPAIGN_UI.city(position)}
                      list={location.kind === 'provincia' ? `${id}-provinces` : undefined}
                      placeholder={location.kind === 'provincia' ? CAMPAIGN_UI.provincePlaceholder : CAMPAIGN_UI.cityPlaceholder}
                      maxLength={CAMPAIGN_LIMITS.cityLength}
                      value={location.name}
                      onChange={(event) => setLocation(index, { name: event.target.value })}
                      {...invalidProps(errors, field, err(field))}
                    />
                    <Button size="small" aria-label={CAMPAIGN_UI.removeLocation(position)} disabled={form.locations.length === 1} onClick={() => set('locations', form.locations.filter((_, at) => at !== index))}>
                      {CAMPAIGN_UI.remove}
                    </Button>
                    <FieldError id={err(field)} message={errors[field]} />
                  </li>
                );
              })}
            </ol>
            <div>
              <Button size="small" disabled={form.locations.length >= CAMPAIGN_LIMITS.maxLocations} onClick={() => set('locations', [...form.locations, { kind: 'provincia', name: '' }])}>
                {CAMPAIGN_UI.addLocation}
              </Button>
            </div>
            <FieldError id={err('audience.locations')} message={errors['audience.locations']} />
          </div>

          <div className={styles.fields}>
            <AgeSelect id={`${id}-age-min`} label={CAMPAIGN_UI.ageMin} value={form.ageMin} onValue={(value) => set('ageMin', value)} />
            <div>
              <AgeSelect id={`${id}-age-max`} label={CAMPAIGN_UI.ageMax} value={form.ageMax} onValue={(value) => set('ageMax', value)} describedBy={errors['audience.ageMax'] ? err('audience.ageMax') : undefined} />
              <FieldError id={err('audience.ageMax')} message={errors['audience.ageMax'] ?? errors['audience.ageMin']} />
            </div>
          </div>

          <div className={styles.subsection}>
            <div className={styles.inlineField}>
              <TextField
                id={`${id}-interest`}
                label={CAMPAIGN_UI.interestInput}
                value={interest}
                onValue={setInterest}
                onKeyDown={onInterestKey}
                maxLength={CAMPAIGN_LIMITS.interestLength}
                placeholder={CAMPAIGN_UI.interestPlaceholder}
              />
              <Button size="small" onClick={pushInterest} disabled={!interest.trim() || form.interests.length >= CAMPAIGN_LIMITS.maxInterests}>
                {CAMPAIGN_UI.addInterest}
              </Button>
            </div>
            {form.interests.length > 0 && (
              <ul className={styles.tags} aria-label={CAMPAIGN_UI.interests}>
                {form.interests.map((tag) => (
                  <li key={tag} className={styles.tag}>
                    {tag}
                    <button type="button" className={styles.tagRemove} aria-label={CAMPAIGN_UI.removeInterest(tag)} onClick={() => set('interests', form.interests.filter((other) => other !== tag))}>
                      <Icon name="close" size={14} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <FieldError id={err('audience.interests')} message={errors['audience.interests']} />
          </div>
        </fieldset>

        <div>
          <TextField
            id={`${id}-landing`}
            label={CAMPAIGN_UI.landingUrl}
            type="url"
            value={form.landingUrl}
            onValue={(value) => set('landingUrl', value)}
            maxLength={CAMPAIGN_LIMITS.urlLength}
            placeholder="https://"
            hint={CAMPAIGN_UI.landingHint}
            {...invalidProps(errors, 'landingUrl', err('landingUrl'))}
          />
          <FieldError id={err('landingUrl')} message={errors.landingUrl} />
        </div>

        {hasErrors && (
          <p role="alert" className={styles.fieldError}>
            {CAMPAIGN_UI.formHasErrors}
          </p>
        )}
        {generate.isError && !briefFieldOfMessage(errorMessage(generate.error)) && (
          <p role="alert" className={styles.fieldError}>
            {errorMessage(generate.error)}
          </p>
        )}
        {busy && (
          <div role="status" className={styles.progress}>
            <Spinner large />
            <div>
              <p className={styles.progressTitle}>{CAMPAIGN_UI.generating}</p>
              <p className={styles.muted}>{CAMPAIGN_UI.generatingText}</p>
            </div>
          </div>
        )}
        <div className={styles.actions}>
          <Button onClick={onCancel} disabled={busy}>
            {CAMPAIGN_UI.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : <Icon name="sparkles" size={18} />}
            {CAMPAIGN_UI.generate}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function AgeSelect({ id, label, value, onValue, describedBy }: { id: string; label: string; value: number; onValue: (value: number) => void; describedBy?: string | undefined }) {
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} className={fieldStyles.select} value={value} aria-describedby={describedBy} aria-invalid={describedBy ? true : undefined} onChange={(event) => onValue(Number(event.target.value))}>
        {AGE_OPTIONS.map((age) => (
          <option key={age} value={age}>
            {age === CAMPAIGN_LIMITS.maxAge ? CAMPAIGN_UI.ageTop : age}
          </option>
        ))}
      </select>
    </div>
  );
}
