import type { BANNER_ACTIONS } from '#contract/resources/banner.ts';
import type { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '#contract/resources/feedback.ts';

// The demo companies' own content (English, their content language): what a newcomer sees in
// the FAQ, Banner, Feedback and master-data lists. Dates are offsets from the seeding time.

// biome-ignore format: one FAQ entry per line
export const DEMO_FAQ = [
  { question: 'How do I reset my password?', answer: 'On the sign-in page choose "Forgot password", enter your company code and username, and follow the link we e-mail you. The link works for one hour.', daysAgo: 150 },
  { question: 'Where can I find my certificates?', answer: 'Open your profile and choose "Certificates". Every course you passed is listed there and can be downloaded as a PDF.', daysAgo: 120 },
  { question: 'Can I study without an internet connection?', answer: 'Yes. Lessons you opened once stay on your device. Progress made offline is sent automatically the next time you are online.', daysAgo: 95 },
  { question: 'Who assigns courses to me?', answer: 'Your trainer or your department head assigns mandatory courses. You may also enrol yourself in any open course from the library.', daysAgo: 70 },
  { question: 'How long do I have to finish a mandatory course?', answer: 'The due date is shown on the course card. You get a reminder three days before it, and your trainer is told if it passes.', daysAgo: 52 },
  { question: 'What happens if I fail a quiz?', answer: 'You can retake most quizzes after reviewing the lesson. The number of attempts is shown before you start.', daysAgo: 34 },
  { question: 'How do I change the app language?', answer: 'Open your profile, choose "Language" and pick English, Thai, Vietnamese, Burmese or Chinese. The change applies at once.', daysAgo: 19 },
  { question: 'Who do I contact when a video does not play?', answer: 'Check your connection first, then send feedback from the app with the course name. The training team answers within one working day.', daysAgo: 6 },
] as const;

type BannerAction = (typeof BANNER_ACTIONS)[number];
type Rgb = readonly [number, number, number];

// biome-ignore format: one banner per line
export const DEMO_BANNERS: { title: string; buttonName: string; action: BannerAction; linkUrl: string; startDays: number; endDays: number; color: Rgb }[] = [
  { title: 'Safety Week: refresh your PPE knowledge', buttonName: 'Read more', action: 'link', linkUrl: 'https://www.osha.gov/personal-protective-equipment', startDays: -3, endDays: 11, color: [230, 126, 34] },
  { title: 'New course: Lean basics in 20 minutes', buttonName: '', action: 'none', linkUrl: '', startDays: -10, endDays: 20, color: [39, 174, 96] },
  { title: 'Quality month: every defect is a lesson', buttonName: 'Learn more', action: 'link', linkUrl: 'https://asq.org/quality-resources/continuous-improvement', startDays: -1, endDays: 29, color: [41, 128, 185] },
  { title: 'Fire drill next week: know your assembly point', buttonName: '', action: 'none', linkUrl: '', startDays: 5, endDays: 12, color: [192, 57, 43] },
  { title: 'Welcome to the new learning app', buttonName: 'Open guide', action: 'link', linkUrl: 'https://en.wikipedia.org/wiki/Workplace_learning', startDays: -45, endDays: -15, color: [142, 68, 173] },
];

// biome-ignore format: one topic per line; a sub-topic names its parent, which comes first
export const DEMO_TOPICS: { title: string; description: string; parent?: string; color: Rgb }[] = [
  { title: 'Workplace safety', description: 'Personal protective equipment, fire safety and safe machine operation.', color: [211, 84, 0] },
  { title: 'Fire safety', description: 'Extinguishers, evacuation routes and the assembly points of each building.', parent: 'Workplace safety', color: [192, 57, 43] },
  { title: 'Machine guarding', description: 'Lock-out/tag-out and guards on presses, conveyors and cutters.', parent: 'Workplace safety', color: [160, 64, 0] },
  { title: 'Quality management', description: 'ISO 9001 basics, inspection and handling of non-conforming parts.', color: [41, 128, 185] },
  { title: 'Root cause analysis', description: '5 Whys, fishbone diagrams and 8D reports with worked examples.', parent: 'Quality management', color: [31, 97, 141] },
  { title: 'Lean production', description: '5S, kaizen, value stream mapping and waste at the line.', color: [39, 174, 96] },
  { title: 'Leadership and communication', description: 'Coaching, giving feedback and running a short shift meeting.', color: [142, 68, 173] },
];

type DemoArticle = {
  topic: string;
  title: string;
  description: string;
  minutes: number;
  contentType: string;
  knowledgeType: string;
  body: string;
};

// biome-ignore format: one article per line
export const DEMO_ARTICLES: DemoArticle[] = [
  { topic: 'Fire safety', title: 'Using a fire extinguisher: PASS', description: 'Pull, aim, squeeze, sweep, and when not to fight a fire.', minutes: 4, contentType: 'Article', knowledgeType: 'Safety', body: 'Only fight a fire that is small, contained and between you and no one else.\n\nPull the pin. Aim at the base of the fire. Squeeze the handle. Sweep from side to side.\n\nIf the extinguisher is empty and the fire still burns, leave, close the door and raise the alarm.' },
  { topic: 'Fire safety', title: 'Evacuation routes and assembly points', description: 'Where to go from each building, and who counts heads.', minutes: 3, contentType: 'Checklist', knowledgeType: 'Safety', body: 'Building A gathers at the north car park, building B at the football field.\n\nShift leaders bring the attendance list and report missing people to the fire warden.\n\nNever use the lifts during an evacuation.' },
  { topic: 'Machine guarding', title: 'Lock-out/tag-out in five steps', description: 'Before any maintenance on a powered machine.', minutes: 6, contentType: 'Checklist', knowledgeType: 'Safety', body: '1. Announce the shutdown to everyone on the line.\n\n2. Switch the machine off at its controls.\n\n3. Isolate every energy source: electrical, pneumatic, hydraulic.\n\n4. Put your own lock and tag on each isolation point.\n\n5. Try to start the machine to prove it is dead, then return the control to off.' },
  { topic: 'Root cause analysis', title: 'The 5 Whys with a worked example', description: 'From a scratched housing to the real cause in five questions.', minutes: 5, contentType: 'Article', knowledgeType: 'Quality', body: 'Why is the housing scratched? It rubbed against the conveyor guide.\n\nWhy did it rub? The guide was bent.\n\nWhy was it bent? A forklift hit it last week.\n\nWhy was it not repaired? Nobody reported the damage.\n\nWhy? There is no simple way to report damage at the line. Fix that, not the scratch.' },
  { topic: 'Quality management', title: 'Handling non-conforming parts', description: 'Tag, separate, record: keep a bad part from reaching a customer.', minutes: 4, contentType: 'Infographic', knowledgeType: 'Quality', body: 'Tag the part with a red label at once.\n\nMove it to the quarantine rack, never back to the line.\n\nRecord the defect, the quantity and the batch in the quality log before the end of the shift.' },
  { topic: 'Lean production', title: '5S in ten minutes a day', description: 'Sort, set in order, shine, standardise, sustain at your workstation.', minutes: 7, contentType: 'Article', knowledgeType: 'Lean', body: 'Sort: remove what you have not used this week.\n\nSet in order: a place for everything, marked with tape or a shadow board.\n\nShine: clean as you inspect; dirt hides leaks and cracks.\n\nStandardise: a photo of the right state, posted where everyone sees it.\n\nSustain: two minutes at the end of every shift.' },
  { topic: 'Leadership and communication', title: 'Running a five-minute shift meeting', description: 'Safety first, yesterday, today, help needed.', minutes: 3, contentType: 'Article', knowledgeType: 'Soft skills', body: 'Start with one safety point, never skip it.\n\nYesterday: output against plan, in one number.\n\nToday: the plan and anything unusual.\n\nHelp needed: ask, and write down who follows up.' },
];

// biome-ignore format: one content type per line
export const DEMO_CONTENT_TYPES = [
  { name: 'Article', description: 'A short text to read, with pictures.' },
  { name: 'Video', description: 'A recorded lesson or demonstration (under 720p).' },
  { name: 'Podcast', description: 'An audio episode to listen to on the go.' },
  { name: 'Infographic', description: 'One image that sums up a procedure or a rule.' },
  { name: 'Checklist', description: 'Steps to tick off on the shop floor.' },
] as const;

// biome-ignore format: one knowledge type per line
export const DEMO_KNOWLEDGE_TYPES = [
  { name: 'Safety', description: 'Occupational health, PPE and emergency procedures.' },
  { name: 'Quality', description: 'Inspection, defects and customer requirements.' },
  { name: 'Lean', description: '5S, waste reduction and continuous improvement.' },
  { name: 'Soft skills', description: 'Communication, teamwork and leadership.' },
  { name: 'Compliance', description: 'Company policies, data protection and ethics.' },
] as const;

type SeedFeedback = {
  subject: string;
  message: string;
  category: (typeof FEEDBACK_CATEGORIES)[number];
  status: (typeof FEEDBACK_STATUSES)[number];
  /** Username of the sender, a user of the same company. */
  from: string;
  reply?: string;
};

// biome-ignore format: one feedback item per line
export const DEMO_FEEDBACK: Record<string, SeedFeedback[]> = {
  DEMO: [
    { subject: 'Subtitles for the forklift video', message: 'Some colleagues on the night shift would follow the forklift video better with Thai subtitles.', category: 'suggestion', status: 'inProgress', from: 'nattapong', reply: 'Good idea. Thai subtitles are being added and will be ready next week.' },
    { subject: 'Quiz page freezes on my phone', message: 'The quality quiz stops responding after question 7 on my Android phone.', category: 'problem', status: 'resolved', from: 'kanya', reply: 'Fixed in the latest app version. Please update the app and try again.' },
    { subject: 'Can I download lessons at home?', message: 'Is it allowed to download lessons on my personal phone and study at home?', category: 'question', status: 'resolved', from: 'john', reply: 'Yes, you may. Sign in with your usual account; your progress syncs when you are online.' },
    { subject: 'Great first-aid session', message: 'The first-aid trainer was excellent. Practical and easy to follow.', category: 'compliment', status: 'resolved', from: 'kanya', reply: 'Thank you! We passed your words on to the trainer.' },
    { subject: 'Certificate shows the wrong name', message: 'My certificate for Workplace Safety 101 shows my old last name.', category: 'problem', status: 'new', from: 'malee' },
    { subject: 'More short lessons, please', message: 'Ten-minute lessons fit our break time better than one-hour courses.', category: 'suggestion', status: 'new', from: 'trainer' },
    { subject: 'When is the next 5S training?', message: 'Our line would like to join the next 5S training. When does it start?', category: 'question', status: 'inProgress', from: 'nattapong' },
  ],
  ACME: [
    { subject: 'Lockout/tagout refresher', message: 'Could we have a short lockout/tagout refresher before the summer shutdown?', category: 'suggestion', status: 'inProgress', from: 'michael', reply: 'Scheduled for the first week of the shutdown. Watch the Events page.' },
    { subject: 'Audio is out of sync', message: 'In the ergonomics video the voice is a few seconds behind the picture.', category: 'problem', status: 'resolved', from: 'sarah', reply: 'The video was re-encoded and replaced. Thanks for reporting it.' },
    { subject: 'Do quiz scores affect my review?', message: 'Are the quiz scores shared with my manager for the yearly review?', category: 'question', status: 'resolved', from: 'david', reply: 'Only course completion is shared, not individual quiz scores.' },
    { subject: 'Love the safety podcasts', message: 'The safety podcast episodes are great for my commute. Please make more.', category: 'compliment', status: 'new', from: 'linda' },
    { subject: 'Cannot open the PDF handout', message: 'The handout of the quality course says the file is damaged.', category: 'problem', status: 'new', from: 'pichai' },
    { subject: 'Team leaderboard', message: 'A leaderboard per team could motivate people to finish their courses.', category: 'suggestion', status: 'new', from: 'david' },
  ],
};
