import { PageHeader } from './page-header';

/** A section's page until its feature lands: the section title and what the section is for. */
export function SectionPage({ title, description }: { title: string; description: string }) {
  return <PageHeader title={title} description={description} />;
}
