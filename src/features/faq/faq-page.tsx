import { faqView } from '@/features/faq/faq-view';
import { ResourcePage } from '@/ui/resource/resource-page';

export default function FaqPage() {
  return <ResourcePage view={faqView} />;
}
