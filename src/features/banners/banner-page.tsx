import { bannerView } from '@/features/banners/banner-view';
import { ResourcePage } from '@/ui/resource/resource-page';

export default function BannerPage() {
  return <ResourcePage view={bannerView} />;
}
