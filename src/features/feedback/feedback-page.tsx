import { feedbackView } from '@/features/feedback/feedback-view';
import { ResourcePage } from '@/ui/resource/resource-page';

export default function FeedbackPage() {
  return <ResourcePage view={feedbackView} />;
}
