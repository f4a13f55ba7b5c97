export * from './constants';
export * from './schemas/common';
export * from './schemas/health';
export * from './schemas/waitlist';
export * from './schemas/auth';
export * from './schemas/companies';
export * from './schemas/jobs';
export * from './skills';
