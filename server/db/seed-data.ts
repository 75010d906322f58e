import {
  type Area,
  FULL_ACCESS,
  NO_ACCESS,
  type Permissions,
  permissionsWith,
} from '#contract/permissions.ts';

export const DEMO_LOGINS = [
  { company: 'DEMO', username: 'admin', password: 'Admin@1234', role: 'Administrator' },
  { company: 'DEMO', username: 'trainer', password: 'Trainer@1234', role: 'Trainer' },
  { company: 'ACME', username: 'admin', password: 'Admin@1234', role: 'Administrator' },
] as const;

/** Password of the other demo users (not printed; they exist to fill lists). */
export const DEMO_USER_PASSWORD = 'Demo@1234';

const TRAINER_DENIED: Area[] = ['userManagement', 'companyProfile', 'sendNotification'];
const EMPLOYEE_AREAS: Area[] = ['library', 'lessonLearn', 'course', 'quiz', 'community', 'event', 'feedback'];
const READ_ONLY = { ...NO_ACCESS, flag: true, view: true, read: true };

export const ROLE_PERMISSIONS: Record<'Administrator' | 'Trainer' | 'Employee', Permissions> = {
  Administrator: permissionsWith(() => FULL_ACCESS),
  Trainer: permissionsWith((a) => (TRAINER_DENIED.includes(a) ? NO_ACCESS : FULL_ACCESS)),
  Employee: permissionsWith((a) => (EMPLOYEE_AREAS.includes(a) ? READ_ONLY : NO_ACCESS)),
};

type SeedUser = {
  username: string;
  prefix: 'Mr.' | 'Mrs.' | 'Miss.';
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  role: keyof typeof ROLE_PERMISSIONS;
  department: string;
  userType?: string;
  language?: 'en' | 'th';
  active?: boolean;
};

export type SeedCompany = {
  code: string;
  name: string;
  domain: string;
  profile: { address: string; province: string; country: string; phone: string; contactPerson: string };
  departments: string[];
  users: SeedUser[];
};

// biome-ignore format: one demo user per line
export const DEMO_COMPANIES: SeedCompany[] = [
  {
    code: 'DEMO',
    name: 'Demo Manufacturing Co., Ltd.',
    domain: 'demo.example',
    profile: {
      address: '99/1 Rama IV Road, Khlong Toei',
      province: 'Bangkok',
      country: 'Thailand',
      phone: '0221234567',
      contactPerson: 'Somchai Jaidee',
    },
    departments: ['Human Resources', 'Production', 'Quality Assurance', 'Sales'],
    users: [
      { username: 'admin', prefix: 'Mr.', firstName: 'Somchai', lastName: 'Jaidee', gender: 'male', role: 'Administrator', department: 'Human Resources', userType: 'admin' },
      { username: 'trainer', prefix: 'Mrs.', firstName: 'Suda', lastName: 'Srisuk', gender: 'female', role: 'Trainer', department: 'Production', userType: 'admin', language: 'th' },
      { username: 'nattapong', prefix: 'Mr.', firstName: 'Nattapong', lastName: 'Wongsawat', gender: 'male', role: 'Employee', department: 'Production', language: 'th' },
      { username: 'kanya', prefix: 'Miss.', firstName: 'Kanya', lastName: 'Boonmee', gender: 'female', role: 'Employee', department: 'Quality Assurance' },
      { username: 'john', prefix: 'Mr.', firstName: 'John', lastName: 'Carter', gender: 'male', role: 'Employee', department: 'Sales' },
      { username: 'malee', prefix: 'Mrs.', firstName: 'Malee', lastName: 'Thongdee', gender: 'female', role: 'Employee', department: 'Human Resources', active: false },
    ],
  },
  {
    code: 'ACME',
    name: 'Acme Industries',
    domain: 'acme.example',
    profile: {
      address: '1200 Industrial Parkway',
      province: 'California',
      country: 'United States',
      phone: '4155550134',
      contactPerson: 'Emily Johnson',
    },
    departments: ['Engineering', 'Operations', 'Safety'],
    users: [
      { username: 'admin', prefix: 'Mrs.', firstName: 'Emily', lastName: 'Johnson', gender: 'female', role: 'Administrator', department: 'Operations', userType: 'admin' },
      { username: 'michael', prefix: 'Mr.', firstName: 'Michael', lastName: 'Brown', gender: 'male', role: 'Employee', department: 'Engineering' },
      { username: 'sarah', prefix: 'Miss.', firstName: 'Sarah', lastName: 'Davis', gender: 'female', role: 'Employee', department: 'Safety' },
      { username: 'pichai', prefix: 'Mr.', firstName: 'Pichai', lastName: 'Rattanakorn', gender: 'male', role: 'Employee', department: 'Engineering', language: 'th' },
      { username: 'linda', prefix: 'Mrs.', firstName: 'Linda', lastName: 'Nguyen', gender: 'female', role: 'Employee', department: 'Operations' },
      { username: 'david', prefix: 'Mr.', firstName: 'David', lastName: 'Lee', gender: 'male', role: 'Employee', department: 'Operations' },
    ],
  },
];

// biome-ignore format: one notification per line
export const ADMIN_NOTIFICATIONS = [
  { title: 'Welcome to the admin console', body: 'Start by reviewing your company profile and user list.', link: '/company-profile', hoursAgo: 240, read: true },
  { title: 'New users imported', body: '12 employees were added from the Excel import.', link: '/user-management', hoursAgo: 120, read: true },
  { title: 'Course "Workplace Safety 101" ends soon', body: 'The course ends in 3 days; 8 users have not finished.', link: null, hoursAgo: 48, read: false },
  { title: 'Quiz results ready', body: 'Post-test results of "Quality Basics" are available in the reports.', link: '/report/assignment-course', hoursAgo: 26, read: true },
  { title: 'New question for experts', body: 'A user asked a question in Expert consultation.', link: '/home/community/expert-consultant', hoursAgo: 5, read: false },
  { title: 'Event tomorrow: Fire drill', body: 'The fire drill starts tomorrow at 10:00.', link: '/home/event', hoursAgo: 1, read: false },
];
