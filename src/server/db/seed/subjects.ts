/** Academic subjects: departments, their courses, and the textbook titles products are named after. */

export interface Course {
  num: number;
  title: string;
}

export interface Subject {
  code: string;
  department: string;
  courses: Course[];
}

export const SUBJECTS: Subject[] = [
  {
    code: 'BIOL',
    department: 'Biology',
    courses: [
      { num: 110, title: 'General Biology I' },
      { num: 111, title: 'General Biology II' },
      { num: 201, title: 'Anatomy and Physiology I' },
      { num: 220, title: 'Microbiology' },
    ],
  },
  {
    code: 'CHEM',
    department: 'Chemistry',
    courses: [
      { num: 101, title: 'Introductory Chemistry' },
      { num: 121, title: 'General Chemistry I' },
      { num: 241, title: 'Organic Chemistry I' },
    ],
  },
  {
    code: 'MATH',
    department: 'Mathematics',
    courses: [
      { num: 111, title: 'College Algebra' },
      { num: 121, title: 'Precalculus' },
      { num: 151, title: 'Calculus I' },
      { num: 160, title: 'Elementary Statistics' },
    ],
  },
  {
    code: 'ECON',
    department: 'Economics',
    courses: [
      { num: 201, title: 'Principles of Macroeconomics' },
      { num: 202, title: 'Principles of Microeconomics' },
    ],
  },
  {
    code: 'PSYC',
    department: 'Psychology',
    courses: [
      { num: 101, title: 'Introduction to Psychology' },
      { num: 210, title: 'Developmental Psychology' },
      { num: 230, title: 'Abnormal Psychology' },
    ],
  },
  {
    code: 'ACCT',
    department: 'Accounting',
    courses: [
      { num: 201, title: 'Financial Accounting' },
      { num: 202, title: 'Managerial Accounting' },
    ],
  },
  {
    code: 'BUSN',
    department: 'Business Administration',
    courses: [
      { num: 101, title: 'Introduction to Business' },
      { num: 220, title: 'Business Statistics' },
      { num: 230, title: 'Principles of Management' },
      { num: 240, title: 'Principles of Marketing' },
    ],
  },
  {
    code: 'ENGL',
    department: 'English',
    courses: [
      { num: 101, title: 'English Composition I' },
      { num: 102, title: 'English Composition II' },
      { num: 210, title: 'Introduction to Literature' },
    ],
  },
  {
    code: 'HIST',
    department: 'History',
    courses: [
      { num: 110, title: 'World Civilizations' },
      { num: 201, title: 'U.S. History I' },
      { num: 202, title: 'U.S. History II' },
    ],
  },
  {
    code: 'PHYS',
    department: 'Physics',
    courses: [
      { num: 201, title: 'College Physics I' },
      { num: 211, title: 'University Physics I' },
    ],
  },
  {
    code: 'SOCI',
    department: 'Sociology',
    courses: [
      { num: 101, title: 'Introduction to Sociology' },
      { num: 210, title: 'Social Problems' },
    ],
  },
  {
    code: 'NURS',
    department: 'Nursing',
    courses: [
      { num: 110, title: 'Fundamentals of Nursing' },
      { num: 215, title: 'Pharmacology for Nurses' },
    ],
  },
  {
    code: 'CSCI',
    department: 'Computer Science',
    courses: [
      { num: 110, title: 'Introduction to Programming' },
      { num: 220, title: 'Data Structures' },
    ],
  },
  {
    code: 'COMM',
    department: 'Communication Studies',
    courses: [
      { num: 110, title: 'Public Speaking' },
      { num: 120, title: 'Interpersonal Communication' },
    ],
  },
  {
    code: 'SPAN',
    department: 'World Languages',
    courses: [
      { num: 101, title: 'Elementary Spanish I' },
      { num: 102, title: 'Elementary Spanish II' },
    ],
  },
];

/** Textbook title patterns for course products; `{t}` is the course title. */
export const COURSE_TITLE_PATTERNS = [
  '{t}',
  'Essentials of {t}',
  '{t}: A Contemporary Approach',
  'Exploring {t}',
  '{t} in Context',
  '{t}: Concepts and Applications',
  'Foundations of {t}',
  '{t} Today',
];

/** Title patterns for assessment products. */
export const ASSESSMENT_TITLE_PATTERNS = ['{t} Assessment Bank', '{t} Placement Test', '{t} Mastery Check'];

export function courseKey(subject: Subject, course: Course): string {
  return `${subject.code}-${course.num}`;
}
