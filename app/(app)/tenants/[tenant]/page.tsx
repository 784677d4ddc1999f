import { PageGuard } from "@/components/page-guard";
import { TenantDetail } from "@/components/tenant-detail";

export default async function TenantPage({ params }: { params: Promise<{ tenant: string }> }) {
  const { tenant } = await params;
  return (
    <PageGuard href="/tenants">
      <TenantDetail id={decodeURIComponent(tenant)} />
    </PageGuard>
  );
}
