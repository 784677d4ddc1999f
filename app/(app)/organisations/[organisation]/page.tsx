import { OrganisationDetail } from "@/components/organisation-detail";
import { PageGuard } from "@/components/page-guard";

export default async function OrganisationPage({ params }: { params: Promise<{ organisation: string }> }) {
  const { organisation } = await params;
  return (
    <PageGuard href="/organisations">
      <OrganisationDetail id={decodeURIComponent(organisation)} />
    </PageGuard>
  );
}
