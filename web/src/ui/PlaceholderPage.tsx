/** A page whose features a later issue builds: its spec title and an honest note, no sample data. */
import { PAGES, type PageKey } from '@director-ia/shared';
import { PageHeader } from './PageHeader';
import { UnderConstruction } from './UnderConstruction';

export function PlaceholderPage({ pageKey, description }: { pageKey: PageKey; description: string }) {
  const page = PAGES.find((p) => p.key === pageKey);
  return (
    <>
      <PageHeader title={page?.title ?? pageKey} eyebrow={page?.label} />
      <UnderConstruction description={description} />
    </>
  );
}
