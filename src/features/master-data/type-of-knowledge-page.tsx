import { typeOfKnowledgeView } from '@/features/master-data/master-data-views';
import { ResourcePage } from '@/ui/resource/resource-page';

export default function TypeOfKnowledgePage() {
  return <ResourcePage view={typeOfKnowledgeView} />;
}
