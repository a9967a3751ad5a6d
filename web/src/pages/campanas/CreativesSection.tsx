/**
 * The creatives per network (issue 15 item 2): headline, text, call to action, and the image — the
 * gallery asset's thumbnail, or the AI's image request with 'Generar imagen' (the Taller's image
 * generation, generarImagen; the new asset becomes the creative's image) and 'Elegir de la
 * galería'. While the campaign is a proposal, each creative's words can be edited; every change is
 * saved with editarCampana (the whole list of creatives). A Facebook or Instagram creative without
 * an image is pointed out then (CAMPAIGN_MSG.metaNoImage): the Meta draft needs it, and creatives
 * no longer change once the campaign is approved. Once approved, each creative shows its own
 * tracked link (issue 15 item 4) to use in the ad, in Meta or anywhere else.
 */
import { useId, useState, type FormEvent } from 'react';
import { AD_CALL_TO_ACTION_LABELS, AD_CALLS_TO_ACTION, CAMPAIGN_MSG, CREATIVE_LIMITS, META_AD_NETWORKS, socialNetworkLabel, type AdCallToAction, type Asset, type Campaign, type CampaignNetwork, type Creative } from '@director-ia/shared';
import { useAssets, useGenerateImage } from '../../features/assets';
import { checkEdit, creativesWith, type CreativeFields } from '../../features/campaigns/edits';
import { TrackedLink } from '../../features/publishing';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { useEditCampaign } from '../../features/campaigns/useEditCampaign';
import { fieldStyles, TextAreaField, TextField } from '../../features/settings';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { PageIcon } from '../../ui/PageIcon';
import { Spinner } from '../../ui/Spinner';
import { EditActions } from './CampaignParts';
import styles from './CampanasPage.module.css';

/**
 * Whether `network` is a Meta network with a creative still lacking its gallery image: the Meta
 * draft needs every image, and creatives can only change while the campaign is a proposal.
 */
const needsImages = (creatives: readonly Creative[], network: CampaignNetwork) =>
  (META_AD_NETWORKS as readonly CampaignNetwork[]).includes(network) && creatives.some((creative) => creative.network === network && !creative.assetId);

export function CreativesSection({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const assets = useAssets().data;
  const creatives = campaign.proposal.creatives;
  const networks = [...new Set(creatives.map((creative) => creative.network))];
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {CAMPAIGN_UI.creatives}
      </h2>
      {networks.map((network) => (
        <div key={network} className={styles.subsection}>
          <h3 className={styles.subTitle}>{socialNetworkLabel(network)}</h3>
          {campaign.status === 'propuesta' && needsImages(creatives, network) && <p className={styles.muted}>{CAMPAIGN_MSG.metaNoImage(socialNetworkLabel(network))}</p>}
          <ul className={styles.cards}>
            {creatives
              .filter((creative) => creative.network === network)
              .map((creative) => (
                <CreativeCard key={creative.id} campaign={campaign} creative={creative} assets={assets} />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function CreativeCard({ campaign, creative, assets }: { campaign: Campaign; creative: Creative; assets: readonly Asset[] | undefined }) {
  const id = useId();
  const edit = useEditCampaign();
  const generate = useGenerateImage();
  const [editing, setEditing] = useState<CreativeFields | null>(null);
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const editable = campaign.status === 'propuesta';
  const busy = edit.isPending || generate.isPending;
  const asset = creative.assetId ? assets?.find((candidate) => candidate.id === creative.assetId) : undefined;

  const save = (change: Partial<CreativeFields> & { assetId?: string }, then?: () => void) => {
    const checked = checkEdit({ id: campaign.id, creatives: creativesWith(campaign.proposal.creatives, creative.id, change) });
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    edit.mutate(checked.edit, { onSuccess: then });
  };

  const generateImage = () =>
    generate.mutate({ prompt: creative.imagePrompt ?? creative.headline, imageBase64: null }, { onSuccess: (image) => save({ assetId: image.assetId }) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) save(editing, () => setEditing(null));
  };

  return (
    <li className={styles.card} data-creative-id={creative.id}>
      <div className={styles.creativeImage}>
        {creative.assetId ? (
          asset ? (
            <img className={styles.thumb} src={asset.url} alt={CAMPAIGN_UI.creativeImage(creative.headline)} loading="lazy" />
          ) : (
            <span className={styles.thumbMissing}>{assets ? CAMPAIGN_UI.noImage : <Spinner />}</span>
          )
        ) : (
          <p className={styles.imageRequest}>
            <strong>{CAMPAIGN_UI.imageRequest}:</strong> {creative.imagePrompt ?? CAMPAIGN_UI.noImage}
          </p>
        )}
      </div>
      {editing ? (
        <form className={styles.stack} onSubmit={submit} noValidate aria-label={CAMPAIGN_UI.editCreative(creative.headline)}>
          <TextField id={`${id}-headline`} label={CAMPAIGN_UI.headline} value={editing.headline} maxLength={CREATIVE_LIMITS.headline} onValue={(headline) => setEditing({ ...editing, headline })} />
          <TextAreaField id={`${id}-text`} label={CAMPAIGN_UI.primaryText} value={editing.primaryText} maxLength={CREATIVE_LIMITS.primaryText} rows={4} onValue={(primaryText) => setEditing({ ...editing, primaryText })} />
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-cta`} className={fieldStyles.label}>
              {CAMPAIGN_UI.callToAction}
            </label>
            <select id={`${id}-cta`} className={fieldStyles.select} value={editing.callToAction} onChange={(event) => setEditing({ ...editing, callToAction: event.target.value as AdCallToAction })}>
              {AD_CALLS_TO_ACTION.map((cta) => (
                <option key={cta} value={cta}>
                  {AD_CALL_TO_ACTION_LABELS[cta]}
                </option>
              ))}
            </select>
          </div>
          <EditActions problem={problem} busy={busy} onCancel={() => setEditing(null)} />
        </form>
      ) : (
        <>
          <h4 className={styles.cardTitle}>{creative.headline}</h4>
          <p className={styles.cardText}>{creative.primaryText}</p>
          <p className={styles.muted}>
            {CAMPAIGN_UI.callToAction}: <span className={styles.ctaBadge}>{AD_CALL_TO_ACTION_LABELS[creative.callToAction]}</span>
          </p>
          {creative.link && <TrackedLink link={creative.link} />}
          {problem && (
            <p role="alert" className={styles.fieldError}>
              {problem}
            </p>
          )}
          {editable && (
            <div className={styles.actions}>
              <Button size="small" disabled={busy} onClick={() => setEditing({ headline: creative.headline, primaryText: creative.primaryText, callToAction: creative.callToAction })}>
                <Icon name="pen" size={16} />
                {CAMPAIGN_UI.edit}
              </Button>
              <Button size="small" disabled={busy} aria-busy={generate.isPending} onClick={generateImage}>
                {generate.isPending ? <Spinner /> : <Icon name="sparkles" size={16} />}
                {CAMPAIGN_UI.generateImage}
              </Button>
              <Button size="small" disabled={busy} onClick={() => setPicking(true)}>
                <PageIcon name="image" size={16} />
                {CAMPAIGN_UI.chooseFromGallery}
              </Button>
            </div>
          )}
        </>
      )}
      {picking && (
        <GalleryPicker
          assets={assets}
          onPick={(assetId) => {
            setPicking(false);
            save({ assetId });
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </li>
  );
}

/** The gallery's images to choose one from (listarRecursos). */
function GalleryPicker({ assets, onPick, onClose }: { assets: readonly Asset[] | undefined; onPick: (assetId: string) => void; onClose: () => void }) {
  const images = (assets ?? []).filter((asset) => asset.type === 'image');
  return (
    <Modal title={CAMPAIGN_UI.galleryTitle} maxWidth={640} onClose={onClose}>
      {assets === undefined ? (
        <Spinner large />
      ) : images.length === 0 ? (
        <p className={styles.muted}>{CAMPAIGN_UI.galleryEmpty}</p>
      ) : (
        <ul className={styles.gallery}>
          {images.map((image, index) => (
            <li key={image.id}>
              <button type="button" className={styles.galleryItem} aria-label={CAMPAIGN_UI.chooseImage(index + 1)} onClick={() => onPick(image.id)}>
                <img className={styles.thumb} src={image.url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
