import { OrganisationsView } from "@/components/organisations-view";
import { PageGuard } from "@/components/page-guard";

export default function OrganisationsPage() {
  return (
    <PageGuard href="/organisations">
      <OrganisationsView />
    </PageGuard>
  );
}
