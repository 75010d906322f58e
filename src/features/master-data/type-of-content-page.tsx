import { typeOfContentView } from '@/features/master-data/master-data-views';
import { ResourcePage } from '@/ui/resource/resource-page';

export default function TypeOfContentPage() {
  return <ResourcePage view={typeOfContentView} />;
}
