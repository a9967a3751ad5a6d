/**
 * Constructor de IA's "Límites de hoy" card (issue 16 finding 2): what is left of each daily
 * quota (obtenerCuotas), or nothing while it loads or when it cannot be read (the quotas still
 * apply server-side; the card only informs).
 */
import { QUOTA_MSG } from '@director-ia/shared';
import { FormCard, fieldStyles } from './Fields';
import { quotaSummary, useQuotas } from './useQuotas';

export function QuotaCard() {
  const { data } = useQuotas();
  if (!data) return null;
  return (
    <FormCard title="Límites de hoy" icon="hourglass" description={QUOTA_MSG.resetNote}>
      <p className={fieldStyles.hint} data-testid="quota-summary">
        {quotaSummary(data)}
      </p>
    </FormCard>
  );
}
