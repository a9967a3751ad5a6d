/** The leads page's own Spanish words that LEADS_MSG does not carry (issue 15 item 4: where a lead came from). */
export const LEADS_UI = {
  /** The column, CSV column and detail line of a lead's attribution. */
  origin: 'Origen',
  /** A lead whose origin is unknown. */
  noOrigin: '—',
} as const;
