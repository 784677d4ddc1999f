import { PageGuard } from "@/components/page-guard";
import { TenantsView } from "@/components/tenants-view";

export default function TenantsPage() {
  return (
    <PageGuard href="/tenants">
      <TenantsView />
    </PageGuard>
  );
}
